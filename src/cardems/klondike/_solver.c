/* Thoughtful Klondike's depth-first search, compiled: the same search as
 * cardems.klondike.solver.Search (the reference and the fallback), macro for macro and
 * position for position (the tests compare the two), many times faster.
 *
 * Cards are ordinals 0-51 (suit * 13 + rank - 1, suits S H D C; H and D red). The talon
 * is the waste bottom -> top then the stock in drawing order; `turned` cards of it are
 * face up. A macro is (kind, a, b) as in solver.py, packed in 16 bits here. The table of
 * positions seen keeps 64-bit hashes of the canonical position (the columns' hashes
 * sorted), where the Python keeps the positions themselves: a false "seen" needs two of
 * the few million positions of a search to share a 64-bit hash. The table starts at
 * 2^16 slots of 8 bytes and doubles when half full: it holds the positions expanded
 * and those cut at once (dead ends, draw positions reaching less), 16-32 bytes each
 * (solver.NODE_BUDGET says how many a budget takes). Before it grew, it was sized for
 * twice the budget and ran forever once the cut positions filled it.
 *
 * solve(hidden, columns, talon, turned, foundations, recycles, draw, max_recycles,
 * budget) -> (status, macros, nodes): status 1 winnable (macros: a winning line),
 * 0 not winnable, -1 undecided (budget, depth or memory spent). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_cards.h" /* read_cards, mix, set_add */

#define NCOLS 7
#define MAXCOL 24
#define MAXTALON 24
#define MAXMOVES 400
#define MAX_DEPTH 3000
#define FROM_TALON 0
#define FROM_COLUMN 1
#define FROM_FOUNDATION 2
#define FOUNDATION 7

typedef struct {
    uint8_t col[NCOLS][MAXCOL];
    uint8_t len[NCOLS];
    uint8_t hid[NCOLS];
    uint8_t talon[MAXTALON];
    uint8_t tlen;
    uint8_t turned;
    uint8_t found[4];
    int recycles;
} Pos;

typedef uint16_t Macro; /* kind << 12 | a << 3 | b; a < 512 */

typedef struct {
    int draw;
    int max_recycles; /* -1: any */
    long long budget;
    long long nodes;
    int aborted;
    uint64_t *table;
    uint64_t mask;
    uint64_t entries;
    Macro *line;
    int line_len;
    int line_cap;
} Search;

static inline int rank_of(int c) { return c % 13 + 1; }
static inline int suit_of(int c) { return c / 13; }
static inline int is_red(int c) { int s = c / 13; return s == 1 || s == 2; }
static inline int builds_on(int card, int base) {
    return rank_of(card) + 1 == rank_of(base) && is_red(card) != is_red(base);
}
static inline Macro pack(int kind, int a, int b) { return (Macro)((kind << 12) | (a << 3) | b); }

/* With unlimited passes, every `turned` that is a multiple of the draw (or the whole
 * talon; at draw one, any) reaches the same talon cards as none turned: the same
 * position. */
static int canonical_turned(int t, int tlen, const Search *s) {
    if (s->max_recycles < 0 && (t % s->draw == 0 || t == tlen)) return 0;
    return t;
}

/* The hash of the position but for `turned` (the columns' hashes sorted). */
static uint64_t base_hash(const Pos *p, const Search *s) {
    uint64_t cols[NCOLS];
    for (int c = 0; c < NCOLS; c++) {
        uint64_t h = 0x9E3779B97F4A7C15ULL * (p->hid[c] + 1);
        for (int i = 0; i < p->len[c]; i++) h = (h ^ (p->col[c][i] + 1)) * 0x100000001B3ULL;
        cols[c] = mix(h);
    }
    for (int i = 1; i < NCOLS; i++) { /* sort the columns' hashes */
        uint64_t v = cols[i];
        int j = i - 1;
        while (j >= 0 && cols[j] > v) { cols[j + 1] = cols[j]; j--; }
        cols[j + 1] = v;
    }
    uint64_t h = 0x6A09E667F3BCC908ULL;
    for (int c = 0; c < NCOLS; c++) h = mix(h ^ cols[c]);
    h = mix(h ^ (0xABCDULL + p->tlen));
    for (int i = 0; i < p->tlen; i++) h = (h ^ (p->talon[i] + 7)) * 0x100000001B3ULL;
    return h ^ (uint64_t)(s->max_recycles >= 0 ? p->recycles : 0) << 16;
}

/* The key of the position with `turned` t (canonical). */
static inline uint64_t key_of(uint64_t base, int t) { return mix(base ^ ((uint64_t)t << 8)) | 1; } /* 0: empty */

/* Doubles the table, every hash moved to its new slot; -1 out of memory. */
static int grow(Search *s) {
    uint64_t mask = s->mask * 2 + 1, *table = calloc(mask + 1, sizeof(uint64_t));
    if (!table) return -1;
    for (uint64_t i = 0; i <= s->mask; i++) if (s->table[i]) set_add(table, mask, s->table[i]);
    free(s->table);
    s->table = table;
    s->mask = mask;
    return 0;
}

/* Adds h; 1 when it was there already, -1 out of memory. The table doubles when half
 * full (the positions cut by the dead-end and draw tests are kept too, beyond the
 * budget of positions expanded). */
static int seen_add(Search *s, uint64_t h) {
    if (!set_add(s->table, s->mask, h)) return 1;
    if (++s->entries * 2 > s->mask && grow(s)) return -1;
    return 0;
}

/* Whether h is in the table. */
static int seen_has(const Search *s, uint64_t h) {
    uint64_t i = h & s->mask;
    while (s->table[i]) {
        if (s->table[i] == h) return 1;
        i = (i + 1) & s->mask;
    }
    return 0;
}

static int reachable(const Pos *p, const Search *s, int *out) {
    int n = 0, seen[MAXTALON + 1] = {0};
    int size = p->tlen;
    if (p->turned) { out[n++] = p->turned - 1; seen[p->turned - 1] = 1; }
    int pos = p->turned;
    while (pos < size) {
        pos = pos + s->draw < size ? pos + s->draw : size;
        if (!seen[pos - 1]) { out[n++] = pos - 1; seen[pos - 1] = 1; }
    }
    if (s->max_recycles < 0 || p->recycles < s->max_recycles) {
        pos = 0;
        while (pos < size) {
            pos = pos + s->draw < size ? pos + s->draw : size;
            if (!seen[pos - 1]) { out[n++] = pos - 1; seen[pos - 1] = 1; }
        }
    }
    return n;
}

static int needs_recycle(const Pos *p, int index, int draw) {
    if (index == p->turned - 1) return 0;
    int pos = p->turned;
    while (pos < p->tlen) {
        pos = pos + draw < p->tlen ? pos + draw : p->tlen;
        if (pos - 1 == index) return 0;
    }
    return 1;
}

/* Solvitaire's condition for a card to go up at once (foundations removable): the
 * other colour's foundations within two ranks of it, its twin suit's within three. */
static int goes_up_freely(int card, const uint8_t *found) {
    int rank = rank_of(card), suit = suit_of(card), red = is_red(card), low = 99, twin = 0;
    for (int s = 0; s < 4; s++) {
        if (is_red(s * 13) != red) { if (found[s] < low) low = found[s]; }
        else if (s != suit) twin = found[s];
    }
    return low >= rank - 2 && twin >= rank - 3;
}

static void apply(Pos *p, Macro m, int draw) {
    int kind = m >> 12, a = (m >> 3) & 511, b = m & 7, card;
    if (kind == FROM_TALON) {
        if (needs_recycle(p, a, draw)) p->recycles++;
        card = p->talon[a];
        memmove(p->talon + a, p->talon + a + 1, p->tlen - a - 1);
        p->tlen--;
        p->turned = (uint8_t)a;
    } else if (kind == FROM_FOUNDATION) {
        card = a * 13 + p->found[a] - 1;
        p->found[a]--;
    } else {
        int c = a / 64, start = a % 64, count = p->len[c] - start;
        if (b == FOUNDATION) p->found[suit_of(p->col[c][start])]++;
        else {
            memcpy(p->col[b] + p->len[b], p->col[c] + start, count);
            p->len[b] += count;
        }
        p->len[c] = start;
        if (p->len[c] && p->hid[c] >= p->len[c]) p->hid[c] = p->len[c] - 1;
        return;
    }
    if (b == FOUNDATION) p->found[suit_of(card)]++;
    else p->col[b][p->len[b]++] = (uint8_t)card;
}

static int push_line(Search *s, Macro m) {
    if (s->line_len == s->line_cap) {
        int cap = s->line_cap ? s->line_cap * 2 : 512;
        Macro *grown = realloc(s->line, cap * sizeof(Macro));
        if (!grown) return -1;
        s->line = grown;
        s->line_cap = cap;
    }
    s->line[s->line_len++] = m;
    return 0;
}

static int forced(Search *s, Pos *p) {
    int progress = 1;
    while (progress) {
        progress = 0;
        for (int c = 0; c < NCOLS; c++) {
            if (!p->len[c]) continue;
            int card = p->col[c][p->len[c] - 1];
            if (rank_of(card) == p->found[suit_of(card)] + 1 && goes_up_freely(card, p->found)) {
                Macro m = pack(FROM_COLUMN, c * 64 + p->len[c] - 1, FOUNDATION);
                apply(p, m, s->draw);
                if (push_line(s, m)) return -1;
                progress = 1;
            }
        }
        if (s->draw == 1 && p->turned) {
            int card = p->talon[p->turned - 1];
            if (rank_of(card) == p->found[suit_of(card)] + 1 && goes_up_freely(card, p->found)) {
                Macro m = pack(FROM_TALON, p->turned - 1, FOUNDATION);
                apply(p, m, s->draw);
                if (push_line(s, m)) return -1;
                progress = 1;
            }
        }
    }
    return 0;
}

static int run_targets(const Pos *p, int column, int start, int empty, Macro *out, int n) {
    int card = p->col[column][start];
    for (int t = 0; t < NCOLS; t++)
        if (t != column && p->len[t] && builds_on(card, p->col[t][p->len[t] - 1]))
            out[n++] = pack(FROM_COLUMN, column * 64 + start, t);
    if (empty >= 0 && empty != column && rank_of(card) == 13)
        out[n++] = pack(FROM_COLUMN, column * 64 + start, empty);
    return n;
}

/* Whether a king could ever fill an empty column: one in the talon, one in a column but
 * not at its bottom (face up or down), or one on a foundation. */
static int king_waits(const Pos *p) {
    for (int i = 0; i < p->tlen; i++) if (rank_of(p->talon[i]) == 13) return 1;
    for (int c = 0; c < NCOLS; c++)
        for (int i = 1; i < p->len[c]; i++) if (rank_of(p->col[c][i]) == 13) return 1;
    for (int s = 0; s < 4; s++) if (p->found[s] == 13) return 1;
    return 0;
}

static int moves(const Search *s, const Pos *p, Macro *out) {
    int n = 0, empty = -1, talon[MAXTALON], ntalon, order[NCOLS];
    for (int c = 0; c < NCOLS; c++) if (!p->len[c]) { empty = c; break; }
    ntalon = reachable(p, s, talon);
    for (int c = 0; c < NCOLS; c++) {
        if (!p->len[c]) continue;
        int card = p->col[c][p->len[c] - 1];
        if (rank_of(card) == p->found[suit_of(card)] + 1)
            out[n++] = pack(FROM_COLUMN, c * 64 + p->len[c] - 1, FOUNDATION);
    }
    for (int i = 0; i < ntalon; i++) {
        int card = p->talon[talon[i]];
        if (rank_of(card) == p->found[suit_of(card)] + 1) out[n++] = pack(FROM_TALON, talon[i], FOUNDATION);
    }
    for (int i = 0; i < NCOLS; i++) { /* stable sort by face-down cards, most first */
        int j = i - 1;
        while (j >= 0 && p->hid[order[j]] < p->hid[i]) { order[j + 1] = order[j]; j--; }
        order[j + 1] = i;
    }
    for (int k = 0; k < NCOLS; k++) {
        int c = order[k];
        if (p->hid[c]) n = run_targets(p, c, p->hid[c], empty, out, n);
    }
    for (int i = 0; i < ntalon; i++) {
        int card = p->talon[talon[i]];
        for (int t = 0; t < NCOLS; t++)
            if (p->len[t] && builds_on(card, p->col[t][p->len[t] - 1])) out[n++] = pack(FROM_TALON, talon[i], t);
        if (empty >= 0 && rank_of(card) == 13) out[n++] = pack(FROM_TALON, talon[i], empty);
    }
    if (king_waits(p)) {
        for (int k = 0; k < NCOLS; k++) {
            int c = order[k];
            if (p->len[c] && !p->hid[c] && rank_of(p->col[c][0]) != 13) n = run_targets(p, c, 0, -1, out, n);
        }
    }
    for (int k = 0; k < NCOLS; k++) {
        int c = order[k];
        for (int start = p->hid[c] + 1; start < p->len[c]; start++) {
            int uncovered = p->col[c][start - 1];
            if (rank_of(uncovered) == p->found[suit_of(uncovered)] + 1)
                n = run_targets(p, c, start, empty, out, n);
        }
    }
    for (int suit = 0; suit < 4; suit++) {
        int rank = p->found[suit];
        if (rank < 3) continue;
        int card = suit * 13 + rank - 1;
        if (goes_up_freely(card, p->found)) continue;
        for (int t = 0; t < NCOLS; t++)
            if (p->len[t] && builds_on(card, p->col[t][p->len[t] - 1])) out[n++] = pack(FROM_FOUNDATION, suit, t);
        if (empty >= 0 && rank == 13) out[n++] = pack(FROM_FOUNDATION, suit, empty);
    }
    return n;
}

/* Whether some card can never go home, so that the deal is lost from here: the least
 * fixpoint of solver.blocked (its module docstring argues it): a card goes home when it
 * is on its foundation, or the one below it of its suit may and it is out of the
 * columns or may come to be a column's top (none on it, or the one on it may leave
 * it); a column's card leaves the one under it when it is face up or may come to be a
 * top, and then is a king, or may go home, or may go onto one of its two places (a
 * column card that may come to be a top, or a card out of the columns that may be laid
 * in one: a king, or a card one of whose places is).
 *
 * The Python reaches the fixpoint by passes over every card until none changes; here a
 * work list looks again only at the cards a change concerns (the next of its suit when
 * a card may go home, the card under it and those that may lie on that one when a card
 * may leave, those that may lie on it when a card may be laid). A least fixpoint is the
 * same whatever the order its rules are applied in, so the verdicts are the Python's
 * (the tests compare the searches' node counts), at a fraction of the work. */
/* The two cards each card may lie on (52: none, for a king), and the two that may lie
 * on it (52: none, for an ace), filled at import. */
static uint8_t PLACES[52][2], TAKES[52][2];

static int blocked(const Pos *p) {
    /* above[card] / below[card]: the card lying on it / under it, 52 for none (leaves[52]
     * is set: a top). */
    uint8_t in_col[52], above[52], below[52], face_up[52], leaves[53], laid[53], home[52];
    uint8_t queued[53], stack[53];
    int away = 0, depth = 0;
    memset(in_col, 0, sizeof in_col);
    for (int c = 0; c < NCOLS; c++)
        for (int i = 0; i < p->len[c]; i++) {
            int card = p->col[c][i];
            in_col[card] = 1;
            above[card] = i + 1 < p->len[c] ? p->col[c][i + 1] : 52;
            below[card] = i ? p->col[c][i - 1] : 52;
            face_up[card] = i >= p->hid[c];
        }
    for (int card = 0; card < 52; card++) {
        leaves[card] = !in_col[card];
        laid[card] = rank_of(card) == 13;
        home[card] = rank_of(card) <= p->found[suit_of(card)];
        away += !home[card];
        queued[card] = 1;
        stack[depth++] = (uint8_t)(51 - card); /* aces on top */
    }
    leaves[52] = 1;
    laid[52] = 0;
    queued[52] = 1; /* never pushed */
#define READY(q) ((q) < 52 && (in_col[q] ? leaves[above[q]] : laid[q]))
#define PUSH(q) do { if (!queued[q]) { queued[q] = 1; stack[depth++] = (uint8_t)(q); } } while (0)
    while (depth && away) {
        int card = stack[--depth];
        queued[card] = 0;
        int top = !in_col[card] || leaves[above[card]];
        if (!home[card] && top && (rank_of(card) == 1 || home[card - 1])) {
            home[card] = 1;
            away--;
            if (rank_of(card) < 13) PUSH(card + 1);
        }
        if (in_col[card]) {
            if (!leaves[card] && (face_up[card] || top)
                && (PLACES[card][0] == 52 || home[card] || READY(PLACES[card][0]) || READY(PLACES[card][1]))) {
                leaves[card] = 1;
                int under = below[card];
                if (under < 52) {
                    PUSH(under);
                    PUSH(TAKES[under][0]);
                    PUSH(TAKES[under][1]);
                }
            }
        } else if (!laid[card] && (READY(PLACES[card][0]) || READY(PLACES[card][1]))) {
            laid[card] = 1;
            PUSH(TAKES[card][0]);
            PUSH(TAKES[card][1]);
        }
    }
#undef PUSH
#undef READY
    return away > 0;
}

/* Whether a position seen has the same cards but a `turned` that reaches every talon
 * card this one's does (unlimited passes, draw three): solver.Search.dominated. */
static int dominated(const Search *s, const Pos *p, uint64_t base, int t) {
    if (s->max_recycles >= 0 || s->draw == 1) return 0;
    for (int u = t ? t - s->draw : p->tlen - 1; u > 0; u -= t ? s->draw : 1)
        if (canonical_turned(u, p->tlen, s) == u && seen_has(s, key_of(base, u))) return 1;
    return 0;
}

static int won(const Pos *p) { return p->found[0] + p->found[1] + p->found[2] + p->found[3] == 52; }

/* 1: won (the line holds the rest), 0: no win from here, -1: aborted. */
static int search(Search *s, const Pos *p, int depth) {
    if (won(p)) return 1;
    uint64_t base = base_hash(p, s);
    int t = canonical_turned(p->turned, p->tlen, s);
    int seen = seen_add(s, key_of(base, t));
    if (seen < 0) return -1;
    if (seen || dominated(s, p, base, t) || blocked(p)) return 0;
    s->nodes++;
    if (s->nodes > s->budget || depth > MAX_DEPTH) return -1;
    Macro list[MAXMOVES];
    int n = moves(s, p, list);
    for (int i = 0; i < n; i++) {
        Pos child = *p;
        int mark = s->line_len;
        apply(&child, list[i], s->draw);
        if (push_line(s, list[i]) || forced(s, &child)) return -1;
        int r = search(s, &child, depth + 1);
        if (r) return r;
        s->line_len = mark;
    }
    return 0;
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *hidden, *columns, *talon, *found;
    int turned, recycles, draw, max_recycles;
    long long budget;
    if (!PyArg_ParseTuple(args, "OOOiOiiiL", &hidden, &columns, &talon, &turned, &found, &recycles,
                          &draw, &max_recycles, &budget))
        return NULL;
    Pos p;
    memset(&p, 0, sizeof p);
    uint8_t tmp[NCOLS];
    if (read_cards(hidden, tmp, NCOLS, "hidden") != NCOLS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "hidden: seven counts");
        return NULL;
    }
    PyObject *cols = PySequence_Fast(columns, "columns");
    if (!cols) return NULL;
    if (PySequence_Fast_GET_SIZE(cols) != NCOLS) {
        Py_DECREF(cols);
        PyErr_SetString(PyExc_ValueError, "columns: seven columns");
        return NULL;
    }
    for (int c = 0; c < NCOLS; c++) {
        int n = read_cards(PySequence_Fast_GET_ITEM(cols, c), p.col[c], MAXCOL, "column");
        if (n < 0) { Py_DECREF(cols); return NULL; }
        p.len[c] = (uint8_t)n;
        p.hid[c] = tmp[c];
        if (n && p.hid[c] >= n) { Py_DECREF(cols); PyErr_SetString(PyExc_ValueError, "a column's top card is face down"); return NULL; }
    }
    Py_DECREF(cols);
    int tlen = read_cards(talon, p.talon, MAXTALON, "talon");
    if (tlen < 0) return NULL;
    p.tlen = (uint8_t)tlen;
    if (turned < 0 || turned > tlen) { PyErr_SetString(PyExc_ValueError, "turned out of range"); return NULL; }
    p.turned = (uint8_t)turned;
    uint8_t f[4];
    if (read_cards(found, f, 4, "foundations") != 4) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "foundations: four heights");
        return NULL;
    }
    for (int i = 0; i < 4; i++) {
        if (f[i] > 13) { PyErr_SetString(PyExc_ValueError, "foundation height out of range"); return NULL; }
        p.found[i] = f[i];
    }
    if (draw < 1 || draw > 3 || budget < 0) { PyErr_SetString(PyExc_ValueError, "bad draw or budget"); return NULL; }
    p.recycles = recycles;

    Search s;
    memset(&s, 0, sizeof s);
    s.draw = draw;
    s.max_recycles = max_recycles;
    s.budget = budget;
    uint64_t size = 1 << 16;
    s.table = calloc(size, sizeof(uint64_t));
    if (!s.table) return PyErr_NoMemory();
    s.mask = size - 1;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = forced(&s, &p) ? -1 : search(&s, &p, 0);
    Py_END_ALLOW_THREADS
    free(s.table);
    PyObject *line = PyList_New(0);
    if (!line) { free(s.line); return NULL; }
    if (status == 1) {
        for (int i = 0; i < s.line_len; i++) {
            Macro m = s.line[i];
            PyObject *t = Py_BuildValue("(iii)", m >> 12, (m >> 3) & 511, m & 7);
            if (!t || PyList_Append(line, t)) { Py_XDECREF(t); Py_DECREF(line); free(s.line); return NULL; }
            Py_DECREF(t);
        }
    }
    free(s.line);
    return Py_BuildValue("(iNL)", status, line, s.nodes);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Decide a Klondike position (see the module's source)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_solver", "Thoughtful Klondike's compiled search.", -1, methods};

PyMODINIT_FUNC PyInit__solver(void) {
    for (int card = 0; card < 52; card++) {
        int n = 0, m = 0;
        PLACES[card][0] = PLACES[card][1] = TAKES[card][0] = TAKES[card][1] = 52;
        for (int s = 0; s < 4; s++) {
            if (is_red(s * 13) == is_red(card)) continue;
            if (rank_of(card) < 13) PLACES[card][n++] = (uint8_t)(s * 13 + rank_of(card));
            if (rank_of(card) > 1) TAKES[card][m++] = (uint8_t)(s * 13 + rank_of(card) - 2);
        }
    }
    return PyModule_Create(&module);
}
