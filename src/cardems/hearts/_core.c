/* Hearts' search core, compiled: the same play-out policies, play-outs, deal checks and
 * random streams as the Python reference (cardems.hearts.bots.heuristic, .rollout,
 * .montecarlo, .inference, .sampling and cardems.hearts.playout), decision for decision
 * (the tests compare the two on seeded positions), many times faster. The Python code
 * stays the reference and the fallback where this module could not be built.
 *
 * Cards are compact indices (cardems.hearts.core): suit * 13 + strength - 2, suits
 * S H D C, so a suit's highest card in a mask is its highest bit. Scores that the Python
 * code computes in floating point are computed here in doubles, in the same order. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef uint64_t Mask;

#define SUIT(s) ((Mask)0x1FFF << (13 * (s)))
#define HEART_MASK SUIT(1)
#define QUEEN 10
#define QS_BIT ((Mask)1 << QUEEN)
#define AK_SPADES ((Mask)3 << 11)
#define LOW_SPADES (((Mask)1 << QUEEN) - 1)
#define POINT_MASK (HEART_MASK | QS_BIT)
#define TWO_CLUBS_BIT ((Mask)1 << 39)
#define FULL_DECK (((Mask)1 << 52) - 1)
#define HIGH_HEARTS ((Mask)7 << 23)
#define MOON_WATCH 4
#define MOON_RUN 14
#define DEFEND_FROM 3
#define IMPOSSIBLE 1000

static int high(Mask m) { return m ? 63 - __builtin_clzll(m) : -1; }
static int low(Mask m) { return m ? __builtin_ctzll(m) : -1; }
static int count(Mask m) { return __builtin_popcountll(m); }
static int points_of(int c) { return c == QUEEN ? 13 : (c >= 13 && c < 26) ? 1 : 0; }

static Mask legal_mask(Mask hand, int led, int first, int broken) {
    if (led < 0) {
        if (first) return hand & TWO_CLUBS_BIT;
        if (!broken && (hand & ~HEART_MASK)) return hand & ~HEART_MASK;
        return hand;
    }
    Mask follow = hand & SUIT(led);
    if (follow) return follow;
    if (first && (hand & ~POINT_MASK)) return hand & ~POINT_MASK;
    return hand;
}

/* ---- the medium heuristic (heuristic.choose_card without jitter) ---- */

static int discard_plain(Mask hand, Mask cards, Mask unseen) {
    int best = -1;
    double best_score = -1e9;
    for (int suit = 0; suit < 4; suit++) {
        Mask mine = cards & SUIT(suit);
        if (!mine) continue;
        int top = high(mine);
        int length = count(hand & SUIT(suit));
        int under = count(unseen & SUIT(suit) & (((Mask)1 << top) - 1));
        double score = (double)(top % 13 + (length <= 2 ? 4 : 0)) + (under ? 3.0 : -6.0);
        if (score > best_score) best = top, best_score = score;
    }
    return best;
}

/* heuristic.low_lead: the card of mine (one suit's cards) least likely to win a trick led
 * against out (that suit's cards still out), and its danger in *score. */
static int low_lead(Mask mine, Mask out, double *score) {
    if (!out) {
        *score = 30.0;
        return low(mine);
    }
    Mask safe = mine & ((out & (~out + 1)) - 1);
    int card = safe ? high(safe) : low(mine);
    *score = count(out & (((Mask)1 << card) - 1)) * 4.0 - count(out) * 0.3;
    return card;
}

static int heuristic_lead(Mask hand, Mask legal, Mask unseen, int shooting, int threat) {
    if (shooting) {
        int best = -1;
        double best_score = -1e9;
        for (int suit = 0; suit < 4; suit++) {
            Mask mine = legal & SUIT(suit);
            if (!mine) continue;
            int top = high(mine);
            Mask out = unseen & SUIT(suit);
            int boss = !out || top > high(out);
            double score = (double)((boss ? 10 : 0) + (suit == 1 ? 3 : 0)) + (top % 13) / 13.0;
            if (score > best_score) best = top, best_score = score;
        }
        return best;
    }
    if (threat) {
        Mask hearts = legal & HEART_MASK, out_hearts = unseen & HEART_MASK;
        if (hearts && out_hearts && high(hearts) > high(out_hearts)) return high(hearts);
    }
    if ((unseen & QS_BIT) && !(hand & AK_SPADES)) {
        Mask lows = legal & LOW_SPADES;
        if (lows) return high(lows);
    }
    int best = -1;
    double best_score = 1e9;
    for (int suit = 0; suit < 4; suit++) {
        Mask mine = legal & SUIT(suit);
        if (!mine) continue;
        double score;
        int card = low_lead(mine, unseen & SUIT(suit), &score);
        if (suit == 0 && (hand & QS_BIT)) score += count(hand & SUIT(0)) < 5 ? 8.0 : 2.0;
        if (suit == 0 && (hand & AK_SPADES) && (unseen & QS_BIT) && card > QUEEN) score += 20.0;
        if (suit == 1) score += 1.0;
        score += count(mine) * 0.5;
        if (score < best_score) best = card, best_score = score;
    }
    return best;
}

static int heuristic_card(int seat, Mask hand, Mask legal, const int *trick, int n, Mask played,
                          const int *points, int shoot, int runner_seat, int wary) {
    if (!(legal & (legal - 1))) return high(legal);
    Mask unseen = FULL_DECK & ~hand & ~played;
    int total = points[0] + points[1] + points[2] + points[3];
    int runner = -1;
    if (total >= MOON_WATCH) {
        for (int s = 0; s < 4; s++)
            if (points[s] == total) runner = s;
    } else if (wary && runner_seat >= 0 && total && points[runner_seat] == total) {
        runner = runner_seat;
    }
    int shooting = (seat == runner_seat && points[seat] == total) ||
                   (shoot && runner == seat && total >= MOON_RUN &&
                    (!(unseen & HEART_MASK) || (hand & HEART_MASK) > (unseen & HEART_MASK)));
    int threat = runner >= 0 && runner != seat;
    if (!n) return heuristic_lead(hand, legal, unseen, shooting, threat);
    int led = trick[0] / 13;
    int win = -1, win_at = 0, trick_points = 0;
    for (int k = 0; k < n; k++) {
        if (trick[k] > win && trick[k] / 13 == led) win = trick[k], win_at = k;
        trick_points += points_of(trick[k]);
    }
    Mask follow = legal & SUIT(led);
    if (follow) {
        Mask above = follow & ~(((Mask)2 << win) - 1);
        Mask below = follow & (((Mask)1 << win) - 1);
        if (shooting) return above ? high(above) : low(follow);
        if ((follow & QS_BIT) && win > QUEEN) return QUEEN;
        if (threat && above && (trick_points || led == 1)) {
            if (((seat - n + win_at) & 3) == runner) return n == 3 ? low(above) : high(above);
        }
        if (n == 3) {
            Mask safe = follow & ~QS_BIT;
            if (trick_points == 0 && led != 1) return safe ? high(safe) : high(follow);
            if (below) return high(below);
            return safe ? high(safe) : high(follow);
        }
        if (below) {
            if (led == 0 && (unseen & QS_BIT)) {
                Mask safe = below & ~AK_SPADES;
                if (safe) return high(safe);
            }
            return high(below);
        }
        if (led == 0 && (unseen & QS_BIT)) {
            Mask safe = follow & ~QS_BIT & ~AK_SPADES;
            return safe ? high(safe) : low(follow);
        }
        if (led == 1 || trick_points) return low(follow);
        Mask safe = follow & ~QS_BIT;
        return safe ? high(safe) : high(follow);
    }
    if (shooting) {
        Mask safe = legal & ~(HEART_MASK | QS_BIT);
        return safe ? low(safe) : low(legal);
    }
    if (threat) {
        Mask safe = legal & ~(HEART_MASK | QS_BIT);
        if (safe) return discard_plain(hand, safe, unseen);
    }
    if (legal & QS_BIT) return QUEEN;
    if ((unseen & QS_BIT) && (legal & AK_SPADES)) return high(legal & AK_SPADES);
    Mask hearts = legal & HEART_MASK;
    if (hearts) {
        int top = high(hearts);
        if (top >= 13 + 7 || !(legal & ~HEART_MASK)) return top;
        int plain_top = discard_plain(hand, legal & ~HEART_MASK, unseen);
        return (top - 13) >= (plain_top % 13) - 2 ? top : plain_top;
    }
    return discard_plain(hand, legal, unseen);
}

/* ---- the generic strong player (rollout.generic_card) ---- */

static int generic_card(int seat, Mask hand, Mask legal, const int *trick, int n, Mask played,
                        const int *points, int defend_from) {
    if (!(legal & (legal - 1))) return high(legal);
    Mask unseen = FULL_DECK & ~hand & ~played;
    Mask queen_out = unseen & QS_BIT;
    int total = points[0] + points[1] + points[2] + points[3];
    int runner = -1;
    if (total >= defend_from)
        for (int s = 0; s < 4; s++)
            if (points[s] == total && s != seat) runner = s;
    if (!n) {
        if (runner >= 0) {
            Mask hearts = legal & HEART_MASK, out_hearts = unseen & HEART_MASK;
            if (hearts && high(hearts) > high(out_hearts)) return high(hearts);
        }
        if (queen_out && !(hand & AK_SPADES)) {
            Mask lows = legal & LOW_SPADES;
            if (lows) return high(lows);
        }
        int best = -1;
        double best_score = 1e9;
        for (int suit = 0; suit < 4; suit++) {
            Mask mine = legal & SUIT(suit);
            if (!mine) continue;
            double score;
            int card = low_lead(mine, unseen & SUIT(suit), &score);
            if (suit == 0 && (hand & (QS_BIT | AK_SPADES)) && (queen_out || (hand & QS_BIT)))
                score += card >= 10 ? 20.0 : 6.0;
            else if (suit == 1)
                score += 1.0;
            if (score < best_score) best = card, best_score = score;
        }
        return best;
    }
    int led = trick[0] / 13;
    Mask follow = legal & SUIT(led);
    int win = -1, win_at = 0, trick_points = 0;
    for (int k = 0; k < n; k++) {
        if (trick[k] > win && trick[k] / 13 == led) win = trick[k], win_at = k;
        trick_points += points_of(trick[k]);
    }
    int runner_wins = runner >= 0 && ((seat - n + win_at) & 3) == runner;
    if (follow) {
        if (runner_wins) {
            Mask above = follow & ~(((Mask)2 << win) - 1);
            if (above && (led == 1 || trick_points)) return n == 3 ? low(above) : high(above);
        }
        if ((follow & QS_BIT) && win > 10) return 10;
        Mask below = follow & (((Mask)1 << win) - 1);
        if (below) {
            if (led == 0 && queen_out) {
                Mask safe = below & ~AK_SPADES;
                if (safe) return high(safe);
            }
            return high(below);
        }
        if (n == 3) {
            Mask safe = follow & ~QS_BIT;
            return high(safe ? safe : follow);
        }
        Mask safe = follow & ~QS_BIT;
        if (led == 0 && queen_out && (safe & ~AK_SPADES)) safe &= ~AK_SPADES;
        if (!safe) safe = follow;
        return low(safe);
    }
    if (runner >= 0 && (runner_wins || ((runner - seat) & 3) < 4 - n)) {
        Mask plain = legal & ~(HEART_MASK | QS_BIT);
        if (plain) legal = plain;
    }
    if (legal & QS_BIT) return 10;
    if (queen_out && (legal & AK_SPADES)) return high(legal & AK_SPADES);
    Mask hearts = legal & HEART_MASK;
    if (hearts) return high(hearts);
    int best = -1;
    double best_score = -1.0;
    static const int side[3] = {0, 2, 3};
    for (int i = 0; i < 3; i++) {
        int suit = side[i];
        Mask mine = legal & SUIT(suit);
        if (!mine) continue;
        int top = high(mine);
        double score = top % 13 + (count(hand & SUIT(suit)) <= 2 ? 3.0 : 0.0);
        if (score > best_score) best = top, best_score = score;
    }
    return best;
}

/* ---- the textbook Monte Carlo bot's play-out policy (montecarlo.simple_card) ---- */

static int simple_card(Mask legal, const int *trick, int n) {
    if (!(legal & (legal - 1))) return high(legal);
    if (!n) {
        static const int order[4] = {3, 2, 0, 1}; /* ties go clubs, diamonds, spades, hearts */
        int best = -1, rank = 13;
        for (int i = 0; i < 4; i++) {
            Mask mine = legal & SUIT(order[i]);
            if (mine && low(mine) - 13 * order[i] < rank) best = low(mine), rank = best - 13 * order[i];
        }
        return best;
    }
    int led = trick[0] / 13;
    Mask follow = legal & SUIT(led);
    if (follow) {
        int win = trick[0];
        for (int k = 0; k < n; k++)
            if (trick[k] > win && trick[k] / 13 == led) win = trick[k];
        Mask below = follow & (((Mask)1 << win) - 1);
        if (below) return high(below);
        if (n == 3) {
            Mask safe = follow & ~QS_BIT;
            return high(safe ? safe : follow);
        }
        return low(follow);
    }
    if (legal & QS_BIT) return QUEEN;
    if (legal & HEART_MASK) return high(legal & HEART_MASK);
    static const int order[3] = {0, 2, 3}; /* ties go spades, diamonds, clubs */
    int best = -1, rank = -1;
    for (int i = 0; i < 3; i++) {
        Mask mine = legal & SUIT(order[i]);
        if (mine && high(mine) - 13 * order[i] > rank) best = high(mine), rank = best - 13 * order[i];
    }
    return best;
}

/* ---- SplitMix64: the random stream both paths share (cardems.hearts.splitmix) ---- */

static uint64_t next64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double next_float(uint64_t *state) { return (next64(state) >> 11) * (1.0 / 9007199254740992.0); }

/* ---- positions and play-outs ---- */

typedef struct {
    Mask hands[4];
    int leader, n, done, broken;
    int trick[4];
    int points[4];
    Mask played;
} Position;

enum { RANDOM, SIMPLE, HEURISTIC, GENERIC }; /* as rollout.RANDOM ... rollout.GENERIC */

typedef struct {
    int kind;
    int runner;   /* HEURISTIC: runner_seat; GENERIC: the seat that runs for the moon */
    int wary;     /* HEURISTIC */
    int defender; /* GENERIC */
    int late;     /* GENERIC */
    uint64_t *state; /* RANDOM */
    int look;     /* GENERIC: rollout.sighted_card for a follower that would win */
} Policy;

/* rollout.trick_outcome: whether seat wins the trick in progress by playing c, the
 * seats after it playing the generic player's cards (every hand known), and the
 * trick's points. */
static int trick_outcome(const Position *p, int seat, int c, const Policy *policy, int *pts) {
    int trick[4], n = p->n;
    for (int k = 0; k < n; k++) trick[k] = p->trick[k];
    trick[n++] = c;
    Mask played = p->played | (Mask)1 << c;
    int led = trick[0] / 13;
    for (int k = n; k < 4; k++) {
        int s = (p->leader + k) & 3;
        Mask hand = p->hands[s];
        int from = policy->defender < 0 || s == policy->defender ? DEFEND_FROM : policy->late;
        int d = generic_card(s, hand, legal_mask(hand, led, p->done == 0, 1), trick, k, played,
                             p->points, from);
        trick[k] = d;
        played |= (Mask)1 << d;
    }
    int best = trick[0], win = 0, total = 0;
    for (int k = 0; k < 4; k++) {
        if (trick[k] / 13 == led && trick[k] > best) best = trick[k], win = k;
        total += points_of(trick[k]);
    }
    *pts = total;
    return ((p->leader + win) & 3) == seat;
}

/* rollout.sighted_card: for a seat that follows second or third, seeing every hand, the
 * QS if it loses the trick; else the generic player's card c0 unless c0 would win the
 * trick: then the highest card that loses, else the card that wins the fewest points
 * (the highest of those but the QS). Not while it defends the moon. */
static int sighted_card(const Position *p, int seat, Mask legal, int c0, int from,
                        const Policy *policy) {
    int total = p->points[0] + p->points[1] + p->points[2] + p->points[3], pts;
    if (total >= from)
        for (int s = 0; s < 4; s++)
            if (p->points[s] == total && s != seat) return c0;
    if (c0 != QUEEN && (legal & QS_BIT) && !trick_outcome(p, seat, QUEEN, policy, &pts))
        return QUEEN;
    if (!trick_outcome(p, seat, c0, policy, &pts)) return c0;
    int duck = -1, best = -1, best_pts = 1000;
    for (int c = 51; c >= 0; c--) {
        if (!(legal >> c & 1)) continue;
        if (!trick_outcome(p, seat, c, policy, &pts)) {
            if (c == QUEEN) return c;
            if (duck < 0) duck = c;
        } else if (pts < best_pts || (pts == best_pts && best == QUEEN)) {
            best = c;
            best_pts = pts;
        }
    }
    return duck >= 0 ? duck : best;
}

static int choose(const Position *p, int seat, Mask legal, const Policy *policy) {
    Mask hand = p->hands[seat];
    switch (policy->kind) {
    case RANDOM: {
        int j = (int)(next_float(policy->state) * count(legal));
        while (j--) legal &= legal - 1;
        return low(legal);
    }
    case SIMPLE:
        return simple_card(legal, p->trick, p->n);
    case HEURISTIC:
        return heuristic_card(seat, hand, legal, p->trick, p->n, p->played, p->points, 1,
                              policy->runner, policy->wary);
    default:
        if (policy->runner < 0) {
            int from = policy->defender < 0 || seat == policy->defender ? DEFEND_FROM : policy->late;
            int c = generic_card(seat, hand, legal, p->trick, p->n, p->played, p->points, from);
            if (policy->look && (p->n == 1 || p->n == 2) && (legal & (legal - 1)))
                c = sighted_card(p, seat, legal, c, from, policy);
            return c;
        }
        if (seat == policy->runner)
            return heuristic_card(seat, hand, legal, p->trick, p->n, p->played, p->points, 1,
                                  policy->runner, 0);
        return generic_card(seat, hand, legal, p->trick, p->n, p->played, p->points, 1);
    }
}

static void play_to_end(Position *p, const Policy *policy) {
    while (p->done < 13) {
        for (int k = p->n; k < 4; k++) {
            int seat = (p->leader + k) & 3;
            Mask hand = p->hands[seat];
            int c = choose(p, seat, legal_mask(hand, p->n ? p->trick[0] / 13 : -1, p->done == 0, p->broken), policy);
            p->hands[seat] = hand & ~((Mask)1 << c);
            p->played |= (Mask)1 << c;
            if (c >= 13 && c < 26) p->broken = 1;
            p->trick[p->n++] = c;
        }
        int led = p->trick[0] / 13, best = p->trick[0], win = 0;
        for (int k = 1; k < 4; k++)
            if (p->trick[k] / 13 == led && p->trick[k] > best) best = p->trick[k], win = k;
        p->leader = (p->leader + win) & 3;
        p->points[p->leader] += points_of(p->trick[0]) + points_of(p->trick[1]) +
                                points_of(p->trick[2]) + points_of(p->trick[3]);
        p->n = 0;
        p->done++;
    }
}

/* ---- argument parsing ---- */

static int as_mask(PyObject *obj, Mask *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    if (v > FULL_DECK) {
        PyErr_SetString(PyExc_ValueError, "a mask of more than 52 cards");
        return 0;
    }
    *out = v;
    return 1;
}

static int as_int(PyObject *obj, int low_, int high_, int *out) {
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return 0;
    if (v < low_ || v > high_) {
        PyErr_Format(PyExc_ValueError, "%ld is out of range", v);
        return 0;
    }
    *out = (int)v;
    return 1;
}

/* Exactly ``size`` masks; returns ``size``, or -1 with an exception set. */
static int masks_of(PyObject *seq, Mask *out, int size) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of masks");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n != size) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "expected %d masks", size);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (!as_mask(PySequence_Fast_GET_ITEM(fast, i), &out[i])) {
            Py_DECREF(fast);
            return -1;
        }
    Py_DECREF(fast);
    return (int)n;
}

/* Card indices (at most ``most``); returns how many, or -1. */
static int cards_of(PyObject *seq, int *out, int most) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of cards");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "at most %d cards expected", most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (!as_int(PySequence_Fast_GET_ITEM(fast, i), 0, 51, &out[i])) {
            Py_DECREF(fast);
            return -1;
        }
    Py_DECREF(fast);
    return (int)n;
}

static int ints_of(PyObject *seq, int *out, int size) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of numbers");
    if (!fast) return 0;
    if (PySequence_Fast_GET_SIZE(fast) != size) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "expected %d numbers", size);
        return 0;
    }
    for (int i = 0; i < size; i++)
        if (!as_int(PySequence_Fast_GET_ITEM(fast, i), -1000000, 1000000, &out[i])) {
            Py_DECREF(fast);
            return 0;
        }
    Py_DECREF(fast);
    return 1;
}

static PyObject *points_list(const int *points) {
    return Py_BuildValue("[iiii]", points[0], points[1], points[2], points[3]);
}

/* (hands, leader, trick, done, broken, points[, played]) into a position */
static int position_of(PyObject *hands, int leader, PyObject *trick, int done, int broken,
                       PyObject *points, Mask played, Position *p) {
    if (masks_of(hands, p->hands, 4) < 0) return 0;
    if ((p->n = cards_of(trick, p->trick, 4)) < 0) return 0;
    if (!ints_of(points, p->points, 4)) return 0;
    if (leader < 0 || leader > 3 || done < 0 || done > 13) {
        PyErr_SetString(PyExc_ValueError, "leader or tricks done out of range");
        return 0;
    }
    p->leader = leader, p->done = done, p->broken = broken, p->played = played;
    return 1;
}

/* ---- the module's functions ---- */

static PyObject *py_heuristic_rollout(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"hands", "leader", "trick", "done", "broken", "points", "played",
                            "runner_seat", "wary", NULL};
    PyObject *hands, *trick, *points;
    int leader, done, broken, runner = -1, wary = 0;
    unsigned long long played;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OiOipOK|ip", names, &hands, &leader, &trick, &done,
                                     &broken, &points, &played, &runner, &wary))
        return NULL;
    Position p;
    if (!position_of(hands, leader, trick, done, broken, points, played, &p)) return NULL;
    Policy policy = {HEURISTIC, runner, wary, -1, 0, NULL, 0};
    play_to_end(&p, &policy);
    return points_list(p.points);
}

static PyObject *py_generic_rollout(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"hands", "leader", "trick", "done", "broken", "points", "played",
                            "defender", "runner", "late", "look", NULL};
    PyObject *hands, *trick, *points;
    int leader, done, broken, defender = -1, runner = -1, late = 14, look = 0;
    unsigned long long played;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OiOipOK|iiip", names, &hands, &leader, &trick,
                                     &done, &broken, &points, &played, &defender, &runner, &late,
                                     &look))
        return NULL;
    Position p;
    if (!position_of(hands, leader, trick, done, broken, points, played, &p)) return NULL;
    Policy policy = {GENERIC, runner, 0, defender, late, NULL, look};
    play_to_end(&p, &policy);
    return points_list(p.points);
}

static PyObject *py_simple_rollout(PyObject *self, PyObject *args) {
    PyObject *hands, *trick, *points;
    int leader, done, broken;
    if (!PyArg_ParseTuple(args, "OiOipO", &hands, &leader, &trick, &done, &broken, &points))
        return NULL;
    Position p;
    if (!position_of(hands, leader, trick, done, broken, points, 0, &p)) return NULL;
    Policy policy = {SIMPLE, -1, 0, -1, 0, NULL, 0};
    play_to_end(&p, &policy);
    return points_list(p.points);
}

static PyObject *py_random_rollout(PyObject *self, PyObject *args) {
    PyObject *hands, *trick, *points;
    int leader, done, broken;
    unsigned long long state;
    if (!PyArg_ParseTuple(args, "OiOipOK", &hands, &leader, &trick, &done, &broken, &points,
                          &state))
        return NULL;
    Position p;
    if (!position_of(hands, leader, trick, done, broken, points, 0, &p)) return NULL;
    uint64_t s = state;
    Policy policy = {RANDOM, -1, 0, -1, 0, &s, 0};
    play_to_end(&p, &policy);
    return Py_BuildValue("NK", points_list(p.points), (unsigned long long)s);
}

static void deal(uint64_t *state, Mask *hands) {
    int deck[52];
    for (int i = 0; i < 52; i++) deck[i] = i;
    for (int i = 51; i > 0; i--) {
        int j = (int)(next_float(state) * (i + 1));
        int t = deck[i];
        deck[i] = deck[j], deck[j] = t;
    }
    hands[0] = hands[1] = hands[2] = hands[3] = 0;
    for (int k = 0; k < 52; k++) hands[k & 3] |= (Mask)1 << deck[k];
}

static PyObject *py_play_hands(PyObject *self, PyObject *args) {
    Py_ssize_t many;
    unsigned long long state;
    int kind = RANDOM;
    if (!PyArg_ParseTuple(args, "nK|i", &many, &state, &kind)) return NULL;
    if (kind < RANDOM || kind > GENERIC) {
        PyErr_SetString(PyExc_ValueError, "policy 0 (random), 1 (simple), 2 (heuristic) or 3 (generic)");
        return NULL;
    }
    uint64_t s = state;
    long long totals[4] = {0, 0, 0, 0};
    Policy policy = {kind, -1, 0, -1, 14, &s, 0};
    Py_BEGIN_ALLOW_THREADS;
    for (Py_ssize_t h = 0; h < many; h++) {
        Position p = {{0}, 0, 0, 0, 0, {0}, {0, 0, 0, 0}, 0};
        deal(&s, p.hands);
        while (!(p.hands[p.leader] & TWO_CLUBS_BIT)) p.leader++;
        play_to_end(&p, &policy);
        for (int i = 0; i < 4; i++) totals[i] += p.points[i];
    }
    Py_END_ALLOW_THREADS;
    return Py_BuildValue("[LLLL]K", totals[0], totals[1], totals[2], totals[3],
                         (unsigned long long)s);
}

static PyObject *py_heuristic_card(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"seat", "hand", "legal", "trick", "played", "points",
                            "shoot", "runner_seat", "wary", NULL};
    int seat, shoot = 1, runner = -1, wary = 0, trick[4], pts[4], n;
    unsigned long long hand, legal, played;
    PyObject *trick_obj, *points_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iKKOKO|pip", names, &seat, &hand, &legal,
                                     &trick_obj, &played, &points_obj, &shoot, &runner, &wary))
        return NULL;
    if ((n = cards_of(trick_obj, trick, 3)) < 0 || !ints_of(points_obj, pts, 4)) return NULL;
    return PyLong_FromLong(heuristic_card(seat & 3, hand, legal, trick, n, played, pts, shoot,
                                          runner, wary));
}

static PyObject *py_generic_card(PyObject *self, PyObject *args) {
    int seat, defend_from = DEFEND_FROM, trick[4], pts[4], n;
    unsigned long long hand, legal, played;
    PyObject *trick_obj, *points_obj;
    if (!PyArg_ParseTuple(args, "iKKOKO|i", &seat, &hand, &legal, &trick_obj, &played,
                          &points_obj, &defend_from))
        return NULL;
    if ((n = cards_of(trick_obj, trick, 3)) < 0 || !ints_of(points_obj, pts, 4)) return NULL;
    return PyLong_FromLong(generic_card(seat & 3, hand, legal, trick, n, played, pts, defend_from));
}

static PyObject *py_simple_card(PyObject *self, PyObject *args) {
    int trick[4], n;
    unsigned long long hand, legal;
    PyObject *trick_obj;
    if (!PyArg_ParseTuple(args, "KKO", &hand, &legal, &trick_obj)) return NULL;
    if ((n = cards_of(trick_obj, trick, 3)) < 0) return NULL;
    return PyLong_FromLong(simple_card(legal, trick, n));
}

/* ---- deal checks (inference) ---- */

typedef struct { /* inference.Check */
    int seat, card, n, led, first, broken, policy;
    Mask later, played;
    int trick[4], points[4];
} Check;

/* A sequence of inference.Check tuples (seat, card, later, trick, played, points, led,
 * first, broken, policy) into a fresh array (PyMem_Free it); NULL with an exception set. */
static Check *checks_of(PyObject *seq, Py_ssize_t *size) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of checks");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Check *out = PyMem_Malloc(sizeof(Check) * (n ? n : 1));
    if (!out) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        Check *c = &out[i];
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 10) {
            PyErr_SetString(PyExc_TypeError, "a check is a 10-tuple");
            goto fail;
        }
        if (!as_int(PyTuple_GET_ITEM(item, 0), 0, 3, &c->seat) ||
            !as_int(PyTuple_GET_ITEM(item, 1), 0, 51, &c->card) ||
            !as_mask(PyTuple_GET_ITEM(item, 2), &c->later) ||
            (c->n = cards_of(PyTuple_GET_ITEM(item, 3), c->trick, 3)) < 0 ||
            !as_mask(PyTuple_GET_ITEM(item, 4), &c->played) ||
            !ints_of(PyTuple_GET_ITEM(item, 5), c->points, 4) ||
            !as_int(PyTuple_GET_ITEM(item, 6), -1, 3, &c->led) ||
            (c->first = PyObject_IsTrue(PyTuple_GET_ITEM(item, 7))) < 0 ||
            (c->broken = PyObject_IsTrue(PyTuple_GET_ITEM(item, 8))) < 0 ||
            !as_int(PyTuple_GET_ITEM(item, 9), 0, 1, &c->policy))
            goto fail;
    }
    Py_DECREF(fast);
    *size = n;
    return out;
fail:
    Py_DECREF(fast);
    PyMem_Free(out);
    return NULL;
}

/* inference.misses: the checks their seat's model (the heuristic, or the generic player
 * for policy 1) contradicts in ``hands`` (stops past ``limit``); IMPOSSIBLE if one of
 * them was not a legal play there. */
static long misses(const Mask *hands, const Check *checks, Py_ssize_t n, long limit) {
    long found = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        const Check *c = &checks[i];
        Mask hand = hands[c->seat] | c->later;
        Mask legal = legal_mask(hand, c->led, c->first, c->broken);
        if (!(legal >> c->card & 1)) return IMPOSSIBLE;
        if (!(legal & (legal - 1))) continue;
        int card = c->policy ? generic_card(c->seat, hand, legal, c->trick, c->n, c->played,
                                            c->points, DEFEND_FROM)
                             : heuristic_card(c->seat, hand, legal, c->trick, c->n, c->played,
                                              c->points, 1, -1, 0);
        if (card != c->card && ++found > limit) break;
    }
    return found;
}

static PyObject *py_misses(PyObject *self, PyObject *args) {
    PyObject *hands_obj, *checks_obj;
    long limit;
    Mask hands[4];
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "OOl", &hands_obj, &checks_obj, &limit)) return NULL;
    if (masks_of(hands_obj, hands, 4) < 0) return NULL;
    Check *checks = checks_of(checks_obj, &n);
    if (!checks) return NULL;
    long found = misses(hands, checks, n, limit);
    PyMem_Free(checks);
    return PyLong_FromLong(found);
}

/* How much a model wants to pass card c of ``hand``: heuristic.pass_scores (model 0) or
 * passing.generic_pass_scores (model 1). */
static double pass_score(Mask hand, int c, int model) {
    int suit = c / 13, strength = c % 13;
    int low_spades = count(hand & SUIT(0) & LOW_SPADES);
    if (model) {
        if (suit == 0) {
            if (c >= QUEEN) return low_spades < 4 ? (c == QUEEN ? 100.0 : 60.0 + strength) : strength - 20.0;
            return strength - 30.0;
        }
        if (suit == 1) return 2.2 * strength + (strength >= 9 ? 5.0 : 0.0) - 2.0;
        int length = count(hand & SUIT(suit));
        double score = strength + (length <= 3 ? 12.0 : 0.0) - length;
        return c == 39 ? score - 20.0 : score;
    }
    if (suit == 0) {
        if (c == QUEEN) return low_spades < 4 ? 100.0 : -5.0;
        if (c > QUEEN) return (low_spades < 3 || (hand & QS_BIT)) ? 70.0 + strength : 5.0;
        return -20.0 + strength;
    }
    if (suit == 1) return strength * 5.0 - 22.0;
    int length = count(hand & SUIT(suit));
    double score = strength * 3.0 + (length <= 2 ? 28.0 : length == 3 ? 8.0 : 0.0);
    return c == 39 ? score - 30 : score;
}

typedef struct { /* inference.PassCheck */
    int passer, model;
    Mask played, got, gave;
} PassCheck;

/* inference.pass_miss: the cards of the passer's hand before the pass (in ``hands``) its
 * model ranks above the lowest card it gave. */
static long pass_miss(const Mask *hands, const PassCheck *p) {
    Mask before = (hands[p->passer] | p->played | p->gave) & ~p->got;
    double lowest = 1e18;
    int lowest_card = 52;
    for (Mask m = p->gave; m; m &= m - 1) {
        int c = low(m);
        double score = pass_score(before, c, p->model);
        if (score < lowest || (score == lowest && c < lowest_card)) lowest = score, lowest_card = c;
    }
    long found = 0;
    for (Mask m = before & ~p->gave; m; m &= m - 1) {
        int c = low(m);
        double score = pass_score(before, c, p->model);
        found += score > lowest || (score == lowest && c > lowest_card);
    }
    return found;
}

/* pass_odds.Odds (208 floats) into ``out``: 1, or 0 for None, or -1 with an exception set. */
static int odds_of(PyObject *obj, double *out) {
    if (obj == Py_None) return 0;
    PyObject *fast = PySequence_Fast(obj, "expected the odds as 208 floats or None");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 208) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "expected the odds as 208 floats or None");
        return -1;
    }
    for (int i = 0; i < 208; i++) {
        out[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] <= 0 || PyErr_Occurred()) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "odds must be positive");
            return -1;
        }
    }
    Py_DECREF(fast);
    return 1;
}

/* A PassCheck tuple (passer, played, got, gave, model); 0 with an exception set. */
static int pass_check_of(PyObject *obj, PassCheck *out) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 5) {
        PyErr_SetString(PyExc_TypeError, "a pass check is a 5-tuple");
        return 0;
    }
    return as_int(PyTuple_GET_ITEM(obj, 0), 0, 3, &out->passer) &&
           as_mask(PyTuple_GET_ITEM(obj, 1), &out->played) &&
           as_mask(PyTuple_GET_ITEM(obj, 2), &out->got) &&
           as_mask(PyTuple_GET_ITEM(obj, 3), &out->gave) &&
           as_int(PyTuple_GET_ITEM(obj, 4), 0, 1, &out->model);
}

static PyObject *py_pass_miss(PyObject *self, PyObject *args) {
    PyObject *hands_obj, *check_obj;
    Mask hands[4];
    PassCheck check;
    if (!PyArg_ParseTuple(args, "OO", &hands_obj, &check_obj)) return NULL;
    if (masks_of(hands_obj, hands, 4) < 0 || !pass_check_of(check_obj, &check)) return NULL;
    if (!check.gave) {
        PyErr_SetString(PyExc_ValueError, "a pass check gives cards");
        return NULL;
    }
    return PyLong_FromLong(pass_miss(hands, &check));
}

/* ---- belief._Walker: Metropolis moves on deals ---- */

typedef struct {
    const Check *by_seat[4];
    Py_ssize_t sizes[4];
    int has_pass; /* 0: no pass to explain */
    PassCheck pass;
    double pass_cost; /* what one pass miss counts, in play misses */
} Explained;

static double seat_misses(const Explained *e, const Mask *hands, int seat) {
    double found = 0;
    if (e->has_pass && e->pass.passer == seat) found = e->pass_cost * pass_miss(hands, &e->pass);
    return found + misses(hands, e->by_seat[seat], e->sizes[seat], IMPOSSIBLE);
}

static int pick(Mask m, uint64_t *state) {
    int k = (int)(next_float(state) * count(m));
    while (k--) m &= m - 1;
    return low(m);
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static PyObject *py_walk(PyObject *self, PyObject *args) {
    PyObject *deals_obj, *by_seat_obj, *fixed_obj, *voids_obj, *passed_obj, *odds_obj;
    int seat, moves, has_odds;
    double weight, deadline, pass_cost, odds[208];
    unsigned long long state;
    Mask fixed[4], voids[4];
    if (!PyArg_ParseTuple(args, "OiOOOOdOdidK", &deals_obj, &seat, &by_seat_obj, &fixed_obj,
                          &voids_obj, &passed_obj, &pass_cost, &odds_obj, &weight, &moves,
                          &deadline, &state))
        return NULL;
    if ((has_odds = odds_of(odds_obj, odds)) < 0) return NULL;
    if (seat < 0 || seat > 3) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    if (masks_of(fixed_obj, fixed, 4) < 0 || masks_of(voids_obj, voids, 4) < 0) return NULL;
    Explained e = {{NULL, NULL, NULL, NULL}, {0, 0, 0, 0}, 0, {0, 0, 0, 0, 0}, pass_cost};
    if (passed_obj != Py_None) {
        if (!pass_check_of(passed_obj, &e.pass)) return NULL;
        e.has_pass = 1;
    }
    PyObject *result = NULL, *deals = NULL;
    Check *owned[4] = {NULL, NULL, NULL, NULL};
    Mask(*hands)[4] = NULL;
    double(*miss)[4] = NULL;
    PyObject *by_seat = PySequence_Fast(by_seat_obj, "expected the checks of each seat");
    if (!by_seat) return NULL;
    if (PySequence_Fast_GET_SIZE(by_seat) != 4) {
        PyErr_SetString(PyExc_ValueError, "expected the checks of 4 seats");
        goto done;
    }
    for (int s = 0; s < 4; s++) {
        if (!(owned[s] = checks_of(PySequence_Fast_GET_ITEM(by_seat, s), &e.sizes[s]))) goto done;
        e.by_seat[s] = owned[s];
    }
    if (!(deals = PySequence_Fast(deals_obj, "expected a sequence of deals"))) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(deals);
    hands = PyMem_Malloc(sizeof(*hands) * (n ? n : 1));
    miss = PyMem_Malloc(sizeof(*miss) * (n ? n : 1));
    if (!hands || !miss) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (masks_of(PySequence_Fast_GET_ITEM(deals, i), hands[i], 4) < 0) goto done;
    int others[3], pairs[3][2], k = 0;
    for (int s = 0; s < 4; s++)
        if (s != seat) others[k++] = s;
    k = 0;
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) pairs[k][0] = others[i], pairs[k][1] = others[j], k++;
    uint64_t st = state;
    for (Py_ssize_t i = 0; i < n; i++)
        for (int s = 0; s < 4; s++) miss[i][s] = s == seat ? 0 : seat_misses(&e, hands[i], s);
    for (int move = 0; move < moves; move++) {
        if (cpu_seconds() > deadline) break;
        for (Py_ssize_t i = 0; i < n; i++) {
            Mask *h = hands[i];
            const int *pair = pairs[(int)(next_float(&st) * 3)];
            int a = pair[0], b = pair[1];
            Mask free_a = h[a] & ~fixed[a], free_b = h[b] & ~fixed[b];
            if (!free_a || !free_b) continue;
            int x = pick(free_a, &st), y = pick(free_b, &st);
            if ((voids[b] >> (x / 13) & 1) || (voids[a] >> (y / 13) & 1)) continue;
            Mask flip = ((Mask)1 << x) | ((Mask)1 << y);
            h[a] ^= flip, h[b] ^= flip;
            double new_a = seat_misses(&e, h, a), new_b = seat_misses(&e, h, b);
            double delta = new_a + new_b - miss[i][a] - miss[i][b], ratio = 1.0;
            if (has_odds) /* x went from a to b, y from b to a */
                ratio = odds[4 * x + b] * odds[4 * y + a] / (odds[4 * x + a] * odds[4 * y + b]);
            if ((delta <= 0 && ratio >= 1.0) || next_float(&st) < pow(weight, delta) * ratio)
                miss[i][a] = new_a, miss[i][b] = new_b;
            else
                h[a] ^= flip, h[b] ^= flip;
        }
    }
    PyObject *walked = PyList_New(n);
    if (!walked) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = Py_BuildValue(
            "d[KKKK]", miss[i][0] + miss[i][1] + miss[i][2] + miss[i][3],
            (unsigned long long)hands[i][0], (unsigned long long)hands[i][1],
            (unsigned long long)hands[i][2], (unsigned long long)hands[i][3]);
        if (!item) {
            Py_DECREF(walked);
            goto done;
        }
        PyList_SET_ITEM(walked, i, item);
    }
    result = Py_BuildValue("NK", walked, (unsigned long long)st);
done:
    Py_DECREF(by_seat);
    Py_XDECREF(deals);
    for (int s = 0; s < 4; s++) PyMem_Free(owned[s]);
    PyMem_Free(hands);
    PyMem_Free(miss);
    return result;
}

/* sampling.Knowledge.sample: the others' hands dealt suit group by suit group, each card
 * (in an order shuffled by Fisher-Yates on the stream's floats) to a holder with room,
 * chosen in proportion to its room (times the card's odds there, when given); a dead end
 * starts again, and the last of ``tries`` + 1 attempts ignores the shown voids. */
static int sample_deal(const Mask *fixed, const int *sizes, const Mask *cards, const int *holders,
                       int groups, int seat, int tries, const double *odds, uint64_t *state,
                       Mask *hands) {
    for (int attempt = 0; attempt <= tries; attempt++) {
        int room[4];
        for (int s = 0; s < 4; s++) hands[s] = fixed[s], room[s] = sizes[s] - count(fixed[s]);
        room[seat] = 0;
        int ok = 1;
        for (int g = 0; g < groups && ok; g++) {
            int who[3], nwho = 0;
            for (int s = 0; s < 4; s++)
                if (attempt == tries ? s != seat : (holders[g] >> s & 1)) who[nwho++] = s;
            int order[13], n = 0;
            for (Mask m = cards[g]; m; m &= m - 1) order[n++] = low(m);
            for (int i = n - 1; i > 0; i--) {
                int j = (int)(next_float(state) * (i + 1));
                int t = order[i];
                order[i] = order[j], order[j] = t;
            }
            for (int i = 0; i < n; i++) {
                double total = 0, share[3];
                for (int h = 0; h < nwho; h++) {
                    share[h] = room[who[h]] * (odds ? odds[4 * order[i] + who[h]] : 1.0);
                    total += share[h];
                }
                if (total <= 0) {
                    ok = 0;
                    break;
                }
                double pick = next_float(state) * total;
                int chosen = -1;
                for (int h = 0; h < nwho; h++) {
                    pick -= share[h];
                    if (pick < 0 && room[who[h]] > 0) {
                        chosen = who[h];
                        break;
                    }
                }
                if (chosen < 0)
                    for (int h = 0; h < nwho && chosen < 0; h++)
                        if (room[who[h]] > 0) chosen = who[h];
                hands[chosen] |= (Mask)1 << order[i];
                room[chosen]--;
            }
        }
        if (ok) return 1;
    }
    return 0;
}

static PyObject *py_sample(PyObject *self, PyObject *args) {
    PyObject *fixed_obj, *sizes_obj, *groups_obj, *odds_obj;
    int seat, tries, sizes[4], holders[4], has_odds;
    unsigned long long state;
    Mask fixed[4], cards[4], hands[4];
    double odds[208];
    if (!PyArg_ParseTuple(args, "OOOiiOK", &fixed_obj, &sizes_obj, &groups_obj, &seat, &tries,
                          &odds_obj, &state))
        return NULL;
    if (masks_of(fixed_obj, fixed, 4) < 0 || !ints_of(sizes_obj, sizes, 4)) return NULL;
    if ((has_odds = odds_of(odds_obj, odds)) < 0) return NULL;
    if (seat < 0 || seat > 3 || tries < 0) {
        PyErr_SetString(PyExc_ValueError, "seat or tries out of range");
        return NULL;
    }
    PyObject *fast = PySequence_Fast(groups_obj, "expected a sequence of (cards, holders)");
    if (!fast) return NULL;
    Py_ssize_t groups = PySequence_Fast_GET_SIZE(fast);
    if (groups > 4) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "at most 4 suit groups");
        return NULL;
    }
    for (Py_ssize_t g = 0; g < groups; g++) {
        PyObject *group = PySequence_Fast_GET_ITEM(fast, g);
        int seats[4] = {0, 0, 0, 0}, n;
        if (!PyTuple_Check(group) || PyTuple_GET_SIZE(group) != 2 ||
            !as_mask(PyTuple_GET_ITEM(group, 0), &cards[g]) ||
            (n = cards_of(PyTuple_GET_ITEM(group, 1), seats, 3)) < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "a suit group is (cards mask, holder seats)");
            Py_DECREF(fast);
            return NULL;
        }
        if (count(cards[g]) > 13) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "a suit group of more than 13 cards");
            return NULL;
        }
        holders[g] = 0;
        for (int i = 0; i < n; i++) holders[g] |= 1 << (seats[i] & 3);
    }
    Py_DECREF(fast);
    uint64_t s = state;
    if (!sample_deal(fixed, sizes, cards, holders, (int)groups, seat, tries,
                     has_odds ? odds : NULL, &s, hands))
        return Py_BuildValue("OK", Py_None, (unsigned long long)s);
    return Py_BuildValue("[KKKK]K", (unsigned long long)hands[0], (unsigned long long)hands[1],
                         (unsigned long long)hands[2], (unsigned long long)hands[3],
                         (unsigned long long)s);
}

/* ---- the exact endgame solver (cardems.hearts.endgame.py_solve) ----
 *
 * The same search as the Python reference: paranoid alpha-beta, fail-soft, for one seat
 * on 3 * own - others' round scores; a transposition table at trick starts storing bounds
 * relative to the points taken; equivalent cards merged; the same move order. The table
 * is one block kept between calls (entries of an older call are told apart by their
 * generation) and replaced always: what it holds never changes a value, only the time. */

#define EG_INF 1000
#define EG_BITS 17
#define EG_SIZE ((size_t)1 << EG_BITS)
#define QS_CARD QUEEN

/* What a table entry of either endgame search is kept for: a trick's start, from a call
 * of its generation. */
typedef struct {
    Mask hands[4];
    uint32_t generation;
    int8_t leader, broken, moon;
} EgKey;

typedef struct {
    EgKey key;
    int16_t lower, upper;
    int8_t best;
} EgEntry;

static EgEntry *eg_table = NULL;
static uint32_t eg_generation = 0;

typedef struct {
    Mask hands[4];
    int leader, n, trick[4], points[4], broken, seat;
    long nodes;
} Eg;

/* The slot of the trick's start e (with moon, eg_moon of its points) in a table of
 * EG_SIZE entries. */
static size_t eg_slot(const Eg *e, int moon) {
    uint64_t h = e->hands[0] * 0x9E3779B97F4A7C15ULL;
    h = (h ^ (h >> 29) ^ e->hands[1]) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 31) ^ e->hands[2]) * 0x94D049BB133111EBULL;
    h = (h ^ (h >> 29) ^ e->hands[3] ^ ((uint64_t)(e->leader | e->broken << 2 | (moon + 1) << 3)
                                            << 56)) *
        0x9E3779B97F4A7C15ULL;
    return (size_t)(h >> (64 - EG_BITS));
}

static int eg_holds(const EgKey *k, const Eg *e, int moon, uint32_t generation) {
    return k->generation == generation && k->leader == e->leader && k->broken == e->broken &&
           k->moon == moon && k->hands[0] == e->hands[0] && k->hands[1] == e->hands[1] &&
           k->hands[2] == e->hands[2] && k->hands[3] == e->hands[3];
}

static void eg_keep(EgKey *k, const Eg *e, int moon, uint32_t generation) {
    memcpy(k->hands, e->hands, sizeof k->hands);
    k->generation = generation;
    k->leader = (int8_t)e->leader, k->broken = (int8_t)e->broken, k->moon = (int8_t)moon;
}

/* Read a call's (hands, leader, trick, points, broken[, seat]) into e, the seat defaulting
 * to the seat to move. Returns the seat to move, or -1 with an exception set. */
static int eg_start(PyObject *args, Eg *e) {
    PyObject *hands, *trick, *points;
    int leader, broken, seat = -1;
    if (!PyArg_ParseTuple(args, "OiOOp|i", &hands, &leader, &trick, &points, &broken, &seat))
        return -1;
    if (masks_of(hands, e->hands, 4) < 0) return -1;
    if ((e->n = cards_of(trick, e->trick, 3)) < 0) return -1;
    if (!ints_of(points, e->points, 4)) return -1;
    if (leader < 0 || leader > 3 || seat < -1 || seat > 3) {
        PyErr_SetString(PyExc_ValueError, "leader or seat out of range");
        return -1;
    }
    int mover = (leader + e->n) & 3;
    e->leader = leader, e->broken = broken, e->seat = seat < 0 ? mover : seat, e->nodes = 0;
    return mover;
}

/* A table of EG_SIZE entries of entry bytes (table, or a new one if it is NULL; NULL if
 * there is no memory for it) with a new generation (it is cleared when the generation
 * wraps): what a call's search reads and writes. */
static void *eg_next(void *table, size_t entry, uint32_t *generation) {
    if (!table && !(table = calloc(EG_SIZE, entry))) return NULL;
    if (++*generation == 0) {
        memset(table, 0, EG_SIZE * entry);
        *generation = 1;
    }
    return table;
}

static int eg_final(const int *p, int seat) {
    for (int s = 0; s < 4; s++)
        if (p[s] == 26) return s == seat ? -78 : 26;
    return 4 * p[seat] - (p[0] + p[1] + p[2] + p[3]);
}

static int eg_linear(const int *p, int seat) { return 4 * p[seat] - (p[0] + p[1] + p[2] + p[3]); }

static int eg_moon(const int *p) {
    int holder = -1;
    for (int s = 0; s < 4; s++)
        if (p[s]) {
            if (holder >= 0) return 4;
            holder = s;
        }
    return holder;
}

/* The legal cards of the seat to move and the cards that separate its runs. */
static Mask eg_moves(const Eg *e, Mask *blockers) {
    int mover = (e->leader + e->n) & 3;
    Mask all = e->hands[0] | e->hands[1] | e->hands[2] | e->hands[3], in_trick = 0;
    for (int k = 0; k < e->n; k++) in_trick |= (Mask)1 << e->trick[k];
    int first = count(all) + e->n == 52;
    *blockers = (all & ~e->hands[mover]) | in_trick;
    return legal_mask(e->hands[mover], e->n ? e->trick[0] / 13 : -1, first, e->broken);
}

static int eg_representatives(Mask legal, Mask blockers, int *out) {
    int n = 0, prev = -1;
    for (Mask m = legal; m; m &= m - 1) {
        int c = low(m);
        if (prev >= 0 && prev / 13 == c / 13 && c != QS_CARD && prev != QS_CARD &&
            !(blockers & (((Mask)1 << c) - ((Mask)2 << prev)))) {
            prev = c;
            continue;
        }
        out[n++] = c;
        prev = c;
    }
    return n;
}

static Mask eg_run(int card, Mask legal, Mask blockers) {
    Mask run = (Mask)1 << card;
    if (card == QS_CARD) return run;
    for (int c = card; c % 13 != 12; c++) {
        int next = c + 1;
        if ((blockers >> next & 1) || (next == QS_CARD && (legal >> next & 1))) break;
        if (legal >> next & 1) run |= (Mask)1 << next;
    }
    return run;
}

/* Python's sorts in _ordered (stable, on ascending cards): the sort keys, lower first. */
static int eg_key(int c, int mode) {
    if (mode == 0) return (c % 13) * 64 + c;                      /* leading: low first */
    if (mode == 1) return -c;                                      /* following: high */
    return (-points_of(c) * 16 - c % 13) * 64 + c;                 /* discarding: points */
}

static void eg_order(const Eg *e, int *cards, int n, int first) {
    int mode = e->n == 0 ? 0 : (cards[0] / 13 == e->trick[0] / 13 ? 1 : 2);
    for (int i = 1; i < n; i++) {
        int c = cards[i], k = eg_key(c, mode), j = i;
        while (j > 0 && eg_key(cards[j - 1], mode) > k) cards[j] = cards[j - 1], j--;
        cards[j] = c;
    }
    for (int i = 0; i < n; i++)
        if (cards[i] == first) {
            for (int j = i; j > 0; j--) cards[j] = cards[j - 1];
            cards[0] = first;
            break;
        }
}

typedef struct {
    int leader, n, broken, points[4], trick[4];
} EgUndo;

static void eg_play(Eg *e, int c, EgUndo *u) {
    u->leader = e->leader, u->n = e->n, u->broken = e->broken;
    memcpy(u->points, e->points, sizeof u->points);
    memcpy(u->trick, e->trick, sizeof u->trick);
    int mover = (e->leader + e->n) & 3;
    e->hands[mover] ^= (Mask)1 << c;
    if (c >= 13 && c < 26) e->broken = 1;
    e->trick[e->n++] = c;
    if (e->n == 4) {
        int led = e->trick[0] / 13, best = e->trick[0], win = 0;
        for (int k = 1; k < 4; k++)
            if (e->trick[k] / 13 == led && e->trick[k] > best) best = e->trick[k], win = k;
        int winner = (e->leader + win) & 3;
        e->points[winner] += points_of(e->trick[0]) + points_of(e->trick[1]) +
                             points_of(e->trick[2]) + points_of(e->trick[3]);
        e->leader = winner;
        e->n = 0;
    }
}

static void eg_undo(Eg *e, int c, const EgUndo *u) {
    e->leader = u->leader, e->n = u->n, e->broken = u->broken;
    memcpy(e->points, u->points, sizeof u->points);
    memcpy(e->trick, u->trick, sizeof u->trick);
    e->hands[(u->leader + u->n) & 3] |= (Mask)1 << c;
}

static int eg_value(Eg *e, int alpha, int beta) {
    e->nodes++;
    EgEntry *slot = NULL;
    int first = -1, moon = 0;
    if (e->n == 0) {
        Mask all = e->hands[0] | e->hands[1] | e->hands[2] | e->hands[3];
        if (!(all & POINT_MASK)) return eg_final(e->points, e->seat);
        int offset = eg_linear(e->points, e->seat);
        moon = eg_moon(e->points);
        slot = &eg_table[eg_slot(e, moon)];
        if (eg_holds(&slot->key, e, moon, eg_generation)) {
            int lower = slot->lower + offset, upper = slot->upper + offset;
            first = slot->best;
            if (lower >= beta || lower == upper) return lower;
            if (upper <= alpha) return upper;
            if (lower > alpha) alpha = lower;
            if (upper < beta) beta = upper;
        }
    }
    Mask blockers, legal = eg_moves(e, &blockers);
    int cards[13], n = eg_representatives(legal, blockers, cards);
    eg_order(e, cards, n, first);
    int minimising = ((e->leader + e->n) & 3) == e->seat;
    int best_value = minimising ? EG_INF : -EG_INF, best_card = -1, a = alpha, b = beta;
    for (int i = 0; i < n; i++) {
        EgUndo u;
        eg_play(e, cards[i], &u);
        int v = eg_value(e, a, b);
        eg_undo(e, cards[i], &u);
        if (minimising) {
            if (v < best_value) {
                best_value = v, best_card = cards[i];
                if (v < b) b = v;
            }
        } else if (v > best_value) {
            best_value = v, best_card = cards[i];
            if (v > a) a = v;
        }
        if (a >= b) break;
    }
    if (slot) {
        int offset = eg_linear(e->points, e->seat), lower = -EG_INF, upper = EG_INF;
        if (eg_holds(&slot->key, e, moon, eg_generation))
            lower = slot->lower, upper = slot->upper;
        int v = best_value - offset;
        if (best_value <= alpha) {
            if (v < upper) upper = v;
        } else if (best_value >= beta) {
            if (v > lower) lower = v;
        } else
            lower = upper = v;
        eg_keep(&slot->key, e, moon, eg_generation);
        slot->lower = (int16_t)lower, slot->upper = (int16_t)upper;
        slot->best = (int8_t)best_card;
    }
    return best_value;
}

static PyObject *py_endgame(PyObject *self, PyObject *args) {
    Eg e;
    int mover = eg_start(args, &e);
    if (mover < 0) return NULL;
    if (!(eg_table = eg_next(eg_table, sizeof *eg_table, &eg_generation))) return PyErr_NoMemory();
    Mask blockers, legal = eg_moves(&e, &blockers), best = 0;
    if (!legal) return Py_BuildValue("iKl", eg_final(e.points, e.seat), 0ULL, 1L);
    int cards[13], n = eg_representatives(legal, blockers, cards);
    eg_order(&e, cards, n, -1);
    int minimising = mover == e.seat, best_value = minimising ? EG_INF : -EG_INF;
    for (int i = 0; i < n; i++) {
        EgUndo u;
        eg_play(&e, cards[i], &u);
        int v = minimising ? eg_value(&e, -EG_INF, best_value + 1)
                           : eg_value(&e, best_value - 1, EG_INF);
        eg_undo(&e, cards[i], &u);
        Mask run = eg_run(cards[i], legal, blockers);
        if (v == best_value)
            best |= run;
        else if ((v < best_value) == minimising)
            best_value = v, best = run;
    }
    return Py_BuildValue("iKl", best_value, (unsigned long long)best, e.nodes);
}

/* ---- max-n (cardems.hearts.endgame.py_solve_maxn) ----
 *
 * Every seat minimises its own utility (own points; its own moon -26, another's 26),
 * ties broken by the preference of endgame.preference: the line worse for the solver's
 * seat, then the raw points in seat order. No pruning; a table at trick starts storing
 * the points taken from there on (the line does not depend on the points already taken,
 * only on who could still shoot). One block kept between calls like the paranoid one. */

typedef struct {
    EgKey key;
    int8_t taken[4];
} MxEntry;

static MxEntry *mx_table = NULL;
static uint32_t mx_generation = 0;

static int mx_utility(const int *p, int seat) {
    for (int s = 0; s < 4; s++)
        if (p[s] == 26) return s == seat ? -26 : 26;
    return p[seat];
}

/* Whether the end a is preferred by mover to the end b (endgame.preference, a < b). */
static int mx_better(const int *a, const int *b, int mover, int seat) {
    int x = mx_utility(a, mover), y = mx_utility(b, mover);
    if (x != y) return x < y;
    x = mx_utility(a, seat), y = mx_utility(b, seat);
    if (x != y) return x > y;
    for (int s = 0; s < 4; s++)
        if (a[s] != b[s]) return a[s] < b[s];
    return 0;
}

static void mx_line(Eg *e, int *out) {
    e->nodes++;
    MxEntry *slot = NULL;
    int moon = 0;
    if (e->n == 0) {
        Mask all = e->hands[0] | e->hands[1] | e->hands[2] | e->hands[3];
        if (!(all & POINT_MASK)) {
            memcpy(out, e->points, 4 * sizeof *out);
            return;
        }
        moon = eg_moon(e->points);
        slot = &mx_table[eg_slot(e, moon)];
        if (eg_holds(&slot->key, e, moon, mx_generation)) {
            for (int s = 0; s < 4; s++) out[s] = e->points[s] + slot->taken[s];
            return;
        }
    }
    Mask blockers, legal = eg_moves(e, &blockers);
    int cards[13], n = eg_representatives(legal, blockers, cards);
    int mover = (e->leader + e->n) & 3, best[4] = {0, 0, 0, 0}, end[4], found = 0;
    for (int i = 0; i < n; i++) {
        EgUndo u;
        eg_play(e, cards[i], &u);
        mx_line(e, end);
        eg_undo(e, cards[i], &u);
        if (!found || mx_better(end, best, mover, e->seat)) memcpy(best, end, sizeof best), found = 1;
    }
    memcpy(out, best, sizeof best);
    if (slot) {
        eg_keep(&slot->key, e, moon, mx_generation);
        for (int s = 0; s < 4; s++) slot->taken[s] = (int8_t)(best[s] - e->points[s]);
    }
}

static PyObject *py_endgame_maxn(PyObject *self, PyObject *args) {
    Eg e;
    int mover = eg_start(args, &e);
    if (mover < 0) return NULL;
    if (!(mx_table = eg_next(mx_table, sizeof *mx_table, &mx_generation))) return PyErr_NoMemory();
    Mask blockers, legal = eg_moves(&e, &blockers), cards_best = 0;
    int best[4], end[4], found = 0, best_own = 0;
    memcpy(best, e.points, sizeof best);
    if (legal) {
        int cards[13], n = eg_representatives(legal, blockers, cards);
        for (int i = 0; i < n; i++) {
            EgUndo u;
            eg_play(&e, cards[i], &u);
            mx_line(&e, end);
            eg_undo(&e, cards[i], &u);
            int own = mx_utility(end, mover);
            Mask run = eg_run(cards[i], legal, blockers);
            if (!found || own < best_own)
                cards_best = run, best_own = own;
            else if (own == best_own)
                cards_best |= run;
            if (!found || mx_better(end, best, mover, e.seat)) memcpy(best, end, sizeof best);
            found = 1;
        }
    } else
        e.nodes = 1;
    return Py_BuildValue("iiiiKl", best[0], best[1], best[2], best[3],
                         (unsigned long long)cards_best, e.nodes);
}

/* ---- best response (cardems.hearts.bots.rollout.py_best_response) ----
 *
 * A play-out in which one seat plays exactly: the others play the policy's card, the
 * seat every legal card of its own, to its best round score (its own moon -bonus,
 * another's 26). No table: the policies read the points taken. */

static double br_score(const int *p, int seat, double bonus) {
    for (int s = 0; s < 4; s++)
        if (p[s] == 26) return s == seat ? -bonus : 26.0;
    return (double)p[seat];
}

static double br_value(Position p, int seat, const Policy *policy, double bonus, Mask *best, int top) {
    while (p.done < 13) {
        if (p.n == 4) {
            int led = p.trick[0] / 13, hi = p.trick[0], win = 0;
            for (int k = 1; k < 4; k++)
                if (p.trick[k] / 13 == led && p.trick[k] > hi) hi = p.trick[k], win = k;
            p.leader = (p.leader + win) & 3;
            p.points[p.leader] += points_of(p.trick[0]) + points_of(p.trick[1]) +
                                  points_of(p.trick[2]) + points_of(p.trick[3]);
            p.n = 0;
            p.done++;
            top = 0;
            continue;
        }
        int mover = (p.leader + p.n) & 3;
        Mask hand = p.hands[mover];
        Mask legal = legal_mask(hand, p.n ? p.trick[0] / 13 : -1, p.done == 0, p.broken);
        if (mover == seat && (legal & (legal - 1))) {
            double value = 1e300;
            for (Mask m = legal; m; m &= m - 1) {
                int c = low(m);
                Position q = p;
                q.hands[mover] = hand & ~((Mask)1 << c);
                q.played |= (Mask)1 << c;
                if (c >= 13 && c < 26) q.broken = 1;
                q.trick[q.n++] = c;
                double v = br_value(q, seat, policy, bonus, best, 0);
                if (top && v < value)
                    *best = (Mask)1 << c;
                else if (top && v == value)
                    *best |= (Mask)1 << c;
                if (v < value) value = v;
            }
            return value;
        }
        int c = (legal & (legal - 1)) ? choose(&p, mover, legal, policy) : low(legal);
        if (top && mover == seat) *best = (Mask)1 << c;
        top = 0;
        p.hands[mover] = hand & ~((Mask)1 << c);
        p.played |= (Mask)1 << c;
        if (c >= 13 && c < 26) p.broken = 1;
        p.trick[p.n++] = c;
    }
    return br_score(p.points, seat, bonus);
}

static PyObject *py_best_response(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"hands", "leader", "trick", "done", "broken", "points", "played",
                            "seat", "generic", "runner", "wary", "defender", "late",
                            "moon_bonus", NULL};
    PyObject *hands, *trick, *points;
    int leader, done, broken, seat, generic, runner = -1, wary = 0, defender = -1, late = 14;
    unsigned long long played;
    double bonus = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OiOipOKip|ipiid", names, &hands, &leader, &trick,
                                     &done, &broken, &points, &played, &seat, &generic, &runner,
                                     &wary, &defender, &late, &bonus))
        return NULL;
    Position p;
    if (!position_of(hands, leader, trick, done, broken, points, played, &p)) return NULL;
    if (seat < 0 || seat > 3) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    Policy policy = {generic ? GENERIC : HEURISTIC, runner, generic ? 0 : wary,
                     generic ? defender : -1, late, NULL, 0};
    Mask best = 0;
    double value = br_value(p, seat, &policy, bonus, &best, 1);
    return Py_BuildValue("dK", value, (unsigned long long)best);
}

static PyMethodDef methods[] = {
    {"endgame", py_endgame, METH_VARARGS,
     "endgame.py_solve, compiled: (value, best cards, nodes)."},
    {"best_response", (PyCFunction)(void (*)(void))py_best_response, METH_VARARGS | METH_KEYWORDS,
     "rollout.py_best_response, compiled: (value, best cards)."},
    {"endgame_maxn", py_endgame_maxn, METH_VARARGS,
     "endgame.py_solve_maxn, compiled: (four end points, best cards, nodes)."},
    {"sample", py_sample, METH_VARARGS,
     "sampling.Knowledge.sample on a SplitMix64 stream: (hands or None, state after)."},
    {"heuristic_rollout", (PyCFunction)(void (*)(void))py_heuristic_rollout,
     METH_VARARGS | METH_KEYWORDS, "rollout.heuristic_rollout, compiled."},
    {"generic_rollout", (PyCFunction)(void (*)(void))py_generic_rollout,
     METH_VARARGS | METH_KEYWORDS, "rollout.generic_rollout, compiled."},
    {"simple_rollout", py_simple_rollout, METH_VARARGS, "montecarlo.play_out, compiled."},
    {"random_rollout", py_random_rollout, METH_VARARGS,
     "playout.random_playout with a SplitMix64 stream: (points, state after)."},
    {"play_hands", py_play_hands, METH_VARARGS,
     "rollout.py_play_hands, compiled: (points per seat summed, state after)."},
    {"heuristic_card", (PyCFunction)(void (*)(void))py_heuristic_card,
     METH_VARARGS | METH_KEYWORDS, "heuristic.choose_card (no jitter), compiled."},
    {"generic_card", py_generic_card, METH_VARARGS, "rollout.generic_card, compiled."},
    {"simple_card", py_simple_card, METH_VARARGS, "montecarlo.simple_card, compiled."},
    {"misses", py_misses, METH_VARARGS, "inference.misses, compiled."},
    {"pass_miss", py_pass_miss, METH_VARARGS, "inference.pass_miss, compiled."},
    {"walk", py_walk, METH_VARARGS,
     "belief._Walker.walk on a SplitMix64 stream: ([(misses, hands)], state after)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "Hearts' search core, compiled.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
