/* The FreeCell family's best-first search, compiled: the same search as
 * cardems.cellgames.solver._py_search, under the same rules (columns, free cells, building
 * by suit or by colours, only kings into empty columns), position for position and move for move (the tests
 * compare the two), about twenty times faster. The Python search stays the reference and
 * the fallback where this module could not be built.
 *
 * States: up to ten columns of card ordinals (0-51, suit * 13 + rank - 1, suits S H D C), the
 * cells sorted, the foundations as heights. A queued child is (parent, move) and is built
 * only when it leaves the queue; a move that lets a card go home is built at once (its
 * whole score changes). Scores are those of solver._score, worked out the same way from
 * the parent's score and the columns a move changes, and tie-broken by the order the
 * children were queued, so both searches pop the same positions in the same order. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define NCOLS 10 /* at most */
#define NCELLS 4 /* at most */
#define MAXLEN 48 /* cards in one column: 19 at most in a real game */
#define MAXSTART (MAXLEN - 12) /* a column grows by 12 cards at most (a run down to a 2) */
#define KEYMAX (52 + NCOLS + 1 + NCELLS)
#define TIE ((int64_t)1 << 32)

typedef struct {
    uint8_t ncols;
    uint8_t len[NCOLS];
    uint8_t col[NCOLS][MAXLEN];
    uint8_t ncells;
    uint8_t cells[NCELLS];
    uint8_t found[4];
} Work;

typedef struct { /* a state as stored: the columns one after another */
    uint8_t ncols;
    uint8_t len[NCOLS];
    uint8_t ncells;
    uint8_t cells[NCELLS];
    uint8_t found[4];
    uint8_t cards[52];
} Packed;

typedef struct { /* (source kind, index, destination kind, index, count), as RawMove */
    char skind, dkind;
    uint8_t si, di, count;
} Move;

typedef struct {
    Packed state;
    int32_t parent;
    Move move;
    uint8_t keylen;
    uint8_t g; /* A*: the moves it was reached in */
    uint8_t key[KEYMAX];
    uint64_t hash;
} Node;

typedef struct {
    int64_t key; /* score * TIE + the order queued */
    int32_t parent;
    int32_t built; /* index in built, or -1: build from parent and move when popped */
    Move move;
} Entry;

typedef struct {
    PyObject_HEAD
    int by_suit, kings_only, ncols, ncells;
    int shortest; /* A* (the Shortest type) rather than best-first by weights */
    int64_t w[6];
    Node *nodes;
    Py_ssize_t nnodes, capnodes;
    int32_t *table;
    Py_ssize_t tcap;
    Entry *heap;
    Py_ssize_t nheap, capheap;
    Packed *built;
    Py_ssize_t nbuilt, capbuilt;
    int64_t counter;
    int done;
    int running; /* send() is expanding, the GIL released */
} Search;

static const int RED[4] = {0, 1, 1, 0};
static const int OPPOSITE[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};

/* ---- rules ---- */

static uint8_t FITS[2][52][52];  /* FITS[by_suit][card][below]: card may lie on below */
static int8_t PARENTS[2][52][3]; /* the cards each card may lie on, -1 after the last */

static void make_tables(void) {
    for (int by_suit = 0; by_suit < 2; by_suit++)
        for (int card = 0; card < 52; card++) {
            int suit = card / 13, rank = card % 13, n = 0;
            if (rank < 12) {
                if (by_suit)
                    PARENTS[by_suit][card][n++] = (int8_t)(card + 1);
                else
                    for (int s = 0; s < 4; s++)
                        if (RED[s] != RED[suit]) PARENTS[by_suit][card][n++] = (int8_t)(s * 13 + rank + 1);
            }
            for (int k = n; k < 3; k++) PARENTS[by_suit][card][k] = -1;
            for (int k = 0; k < n; k++) FITS[by_suit][card][PARENTS[by_suit][card][k]] = 1;
        }
}

static int safe(int card, const uint8_t *found, int by_suit) {
    int suit = card / 13, rank = card % 13;
    if (rank != found[suit]) return 0;
    if (by_suit || rank <= 1) return 1;
    return found[OPPOSITE[suit][0]] >= rank && found[OPPOSITE[suit][1]] >= rank;
}

static int run_length(const uint8_t *col, int n, int by_suit) {
    int m = 1;
    while (m < n && FITS[by_suit][col[n - m]][col[n - m - 1]]) m++;
    return m;
}

/* solver._disorder, card by card from the bottom of a column: its cards above a lower
 * card of their suit, its cards out of sequence, and the lowest rank of each suit in it. */
typedef struct {
    int lower, breaks, below;
    int lowest[4];
} Disorder;

static const Disorder NO_DISORDER = {0, 0, -1, {99, 99, 99, 99}};

static void add_card(Disorder *d, int card, int by_suit) {
    int suit = card / 13, rank = card % 13;
    if (d->lowest[suit] < rank)
        d->lower++;
    else if (rank < d->lowest[suit])
        d->lowest[suit] = rank;
    if (d->below >= 0 && !FITS[by_suit][card][d->below]) d->breaks++;
    d->below = card;
}

/* solver.Disorders: the weighted disorder (an empty column counts against a position). */
static int64_t weighed(const Search *s, const Disorder *d) {
    if (d->below < 0) return -s->w[5];
    return s->w[2] * d->lower + s->w[3] * d->breaks;
}

/* The weighted disorder of column ``d`` with ``cards`` added on top. */
static int64_t disorder_with(const Search *s, Disorder d, const uint8_t *cards, int n) {
    for (int k = 0; k < n; k++) add_card(&d, cards[k], s->by_suit);
    return weighed(s, &d);
}

static int64_t disorder(const Search *s, const uint8_t *cards, int n) {
    return disorder_with(s, NO_DISORDER, cards, n);
}

static int64_t score_of(const Search *s, const Work *w) { /* solver._score */
    int64_t depths = 0, total = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (w->found[suit] >= 13) continue;
        int card = suit * 13 + w->found[suit];
        for (int i = 0; i < w->ncols; i++) {
            const uint8_t *at = memchr(w->col[i], card, w->len[i]);
            if (at) {
                depths += w->len[i] - 1 - (at - w->col[i]);
                break;
            }
        }
    }
    for (int i = 0; i < w->ncols; i++) total += disorder(s, w->col[i], w->len[i]);
    int home = w->found[0] + w->found[1] + w->found[2] + w->found[3];
    return total + s->w[1] * depths + s->w[4] * w->ncells - s->w[0] * home;
}

static void settle(Work *w, int by_suit) { /* solver._settle */
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int i = 0; i < w->ncols; i++) {
            while (w->len[i]) {
                int card = w->col[i][w->len[i] - 1];
                if (!safe(card, w->found, by_suit)) break;
                w->found[card / 13]++;
                w->len[i]--;
                moved = 1;
            }
        }
        for (int k = 0; k < w->ncells; k++) {
            int card = w->cells[k];
            if (safe(card, w->found, by_suit)) {
                w->found[card / 13]++;
                memmove(w->cells + k, w->cells + k + 1, w->ncells - k - 1);
                w->ncells--;
                moved = 1;
                break;
            }
        }
    }
}

static void apply(Work *w, Move m) { /* solver._apply */
    uint8_t moving[MAXLEN];
    int count = m.count;
    if (m.skind == 'c') {
        w->len[m.si] -= count;
        memcpy(moving, w->col[m.si] + w->len[m.si], count);
    } else {
        moving[0] = m.si;
        for (int k = 0; k < w->ncells; k++)
            if (w->cells[k] == m.si) {
                memmove(w->cells + k, w->cells + k + 1, w->ncells - k - 1);
                w->ncells--;
                break;
            }
    }
    if (m.dkind == 'c') {
        memcpy(w->col[m.di] + w->len[m.di], moving, count);
        w->len[m.di] += count;
    } else if (m.dkind == 'f') {
        int k = w->ncells;
        while (k > 0 && w->cells[k - 1] > moving[0]) {
            w->cells[k] = w->cells[k - 1];
            k--;
        }
        w->cells[k] = moving[0];
        w->ncells++;
    } else {
        w->found[m.di]++;
    }
}

/* solver._unsettles: whether settle has work after m from the settled position w: only
 * after a move home or off a safe card. */
static int unsettles(const Work *w, Move m, int by_suit) {
    if (m.dkind == 'h') return 1;
    return m.skind == 'c' && w->len[m.si] > m.count &&
           safe(w->col[m.si][w->len[m.si] - m.count - 1], w->found, by_suit);
}

static void child(Work *w, Move m, int by_suit) { /* solver._child, in place */
    int then_settle = unsettles(w, m, by_suit);
    apply(w, m);
    if (then_settle) settle(w, by_suit);
}

/* ---- states, keys, table ---- */

static void pack(Packed *p, const Work *w) {
    int at = 0;
    p->ncols = w->ncols;
    memcpy(p->len, w->len, NCOLS);
    p->ncells = w->ncells;
    memcpy(p->cells, w->cells, NCELLS);
    memcpy(p->found, w->found, 4);
    for (int i = 0; i < w->ncols; i++) {
        memcpy(p->cards + at, w->col[i], w->len[i]);
        at += w->len[i];
    }
}

static void unpack(Work *w, const Packed *p) {
    int at = 0;
    w->ncols = p->ncols;
    memcpy(w->len, p->len, NCOLS);
    w->ncells = p->ncells;
    memcpy(w->cells, p->cells, NCELLS);
    memcpy(w->found, p->found, 4);
    for (int i = 0; i < w->ncols; i++) {
        memcpy(w->col[i], p->cards + at, w->len[i]);
        at += w->len[i];
    }
}

static int column_before(const Work *w, int a, int b) {
    int n = w->len[a] < w->len[b] ? w->len[a] : w->len[b];
    int c = memcmp(w->col[a], w->col[b], n);
    return c < 0 || (c == 0 && w->len[a] < w->len[b]);
}

/* The transposition key: the columns in sorted order (which column holds which cards
 * does not matter), each closed by 0xff, then the cells (kept sorted). */
static int make_key(const Work *w, uint8_t *key) {
    int order[NCOLS], n = 0;
    for (int i = 0; i < w->ncols; i++) {
        int k = i;
        while (k > 0 && column_before(w, i, order[k - 1])) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    for (int j = 0; j < w->ncols; j++) {
        int i = order[j];
        memcpy(key + n, w->col[i], w->len[i]);
        n += w->len[i];
        key[n++] = 0xff;
    }
    memcpy(key + n, w->cells, w->ncells);
    return n + w->ncells;
}

static uint64_t hash_key(const uint8_t *key, int n) { /* eight bytes at a time */
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)n, v;
    int k = 0;
    for (; k + 8 <= n; k += 8) {
        memcpy(&v, key + k, 8);
        h = (h ^ v) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    v = 0;
    memcpy(&v, key + k, (size_t)(n - k));
    h = (h ^ v) * 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* Raise MemoryError (with the GIL held) and answer -1. */
static int no_memory(void) {
    PyErr_NoMemory();
    return -1;
}

static int grow(void **items, Py_ssize_t *cap, Py_ssize_t need, size_t size) {
    if (need <= *cap) return 0;
    Py_ssize_t bigger = *cap ? *cap * 2 : 1024;
    while (bigger < need) bigger *= 2;
    void *more = PyMem_RawRealloc(*items, (size_t)bigger * size);
    if (!more) return -1;
    *items = more;
    *cap = bigger;
    return 0;
}

static int table_grow(Search *s) {
    Py_ssize_t cap = s->tcap ? s->tcap * 2 : 4096;
    int32_t *table = PyMem_RawMalloc((size_t)cap * sizeof(int32_t));
    if (!table) return -1;
    memset(table, 0xff, (size_t)cap * sizeof(int32_t));
    for (Py_ssize_t k = 0; k < s->tcap; k++) {
        int32_t index = s->table[k];
        if (index < 0) continue;
        Py_ssize_t slot = (Py_ssize_t)(s->nodes[index].hash & (uint64_t)(cap - 1));
        while (table[slot] >= 0) slot = (slot + 1) & (cap - 1);
        table[slot] = index;
    }
    PyMem_RawFree(s->table);
    s->table = table;
    s->tcap = cap;
    return 0;
}

/* The slot of the key: its node, or an empty slot (-1) where it would go. */
static Py_ssize_t table_slot(const Search *s, const uint8_t *key, int n, uint64_t hash) {
    Py_ssize_t slot = (Py_ssize_t)(hash & (uint64_t)(s->tcap - 1));
    for (;;) {
        int32_t index = s->table[slot];
        if (index < 0) return slot;
        const Node *node = &s->nodes[index];
        if (node->hash == hash && node->keylen == n && !memcmp(node->key, key, n)) return slot;
        slot = (slot + 1) & (s->tcap - 1);
    }
}

/* ---- the queue ---- */

static int push(Search *s, int64_t key, int32_t parent, Move move, const Work *built) {
    if (grow((void **)&s->heap, &s->capheap, s->nheap + 1, sizeof(Entry))) return -1;
    Entry e = {key, parent, -1, move};
    if (built) {
        if (grow((void **)&s->built, &s->capbuilt, s->nbuilt + 1, sizeof(Packed))) return -1;
        pack(&s->built[s->nbuilt], built);
        e.built = (int32_t)s->nbuilt++;
    }
    Py_ssize_t at = s->nheap++;
    while (at > 0) {
        Py_ssize_t up = (at - 1) >> 1;
        if (s->heap[up].key <= key) break;
        s->heap[at] = s->heap[up];
        at = up;
    }
    s->heap[at] = e;
    return 0;
}

static Entry pop(Search *s) {
    Entry top = s->heap[0];
    Entry last = s->heap[--s->nheap];
    Py_ssize_t at = 0, n = s->nheap;
    for (;;) {
        Py_ssize_t kid = 2 * at + 1;
        if (kid >= n) break;
        if (kid + 1 < n && s->heap[kid + 1].key < s->heap[kid].key) kid++;
        if (last.key <= s->heap[kid].key) break;
        s->heap[at] = s->heap[kid];
        at = kid;
    }
    if (n) s->heap[at] = last;
    return top;
}

/* Queue a child at ``base`` plus the order it is queued in (the tie-break). */
static int queue(Search *s, int64_t base, int32_t parent, Move move) {
    s->counter++;
    return push(s, base + s->counter, parent, move, NULL);
}

/* A child built at once (a card may go home after it): queued with its full score. */
static int queue_built(Search *s, const Work *from, Move m, int32_t parent) {
    Work w = *from;
    child(&w, m, s->by_suit);
    s->counter++;
    return push(s, score_of(s, &w) * TIE + s->counter, parent, m, &w);
}

/* What a position leaves room for: the column each card lies on top of (-1: none), the
 * first empty column (-1: none), the free cells, and the longest run a move may carry
 * onto a card (limit) or into an empty column (limit_empty). */
typedef struct {
    int tops[52];
    int empty_col, free;
    int64_t limit, limit_empty;
} Room;

static void room_of(const Search *s, const Work *w, Room *r) {
    r->free = s->ncells - w->ncells;
    memset(r->tops, 0xff, sizeof r->tops);
    r->empty_col = -1;
    int empties = 0;
    for (int i = 0; i < w->ncols; i++) {
        if (w->len[i])
            r->tops[w->col[i][w->len[i] - 1]] = i;
        else if (empties++ == 0)
            r->empty_col = i;
    }
    r->limit = (int64_t)(r->free + 1) << empties;
    r->limit_empty = empties ? r->limit >> 1 : 0;
}

/* The most cards of a column of n cards topped by a run of run that may move into an
 * empty column (all but its last card, within limit_empty). */
static int most_to_empty(const Room *r, int run, int n) {
    int most = run;
    if (r->limit_empty < most) most = (int)r->limit_empty;
    if (n - 1 < most) most = n - 1;
    return most;
}

static int at_home(int card, const uint8_t *found) { return card % 13 == found[card / 13]; }

/* Every move of solver._children from w, in its order: those home or onto a card in
 * ``now``, those into an empty column or a cell in ``later`` (tried after all the
 * others; the order queued breaks ties). Both searches queue them in this order, the
 * best-first one as solver._py_search does inline, the A* as shortest._py_shortest. */
typedef struct {
    Move now[NCELLS * 3 + NCOLS * (1 + MAXLEN * 2)];
    Move later[NCELLS + NCOLS * (MAXLEN + 1)];
    int nnow, nlater;
} Children;

static void children(const Search *s, const Work *w, const Room *r, Children *c) {
    const int by_suit = s->by_suit;
    c->nnow = c->nlater = 0;
    for (int j = 0; j < w->ncells; j++) {
        uint8_t card = w->cells[j];
        if (at_home(card, w->found))
            c->now[c->nnow++] = (Move){'f', 'h', card, (uint8_t)(card / 13), 1};
        for (const int8_t *p = PARENTS[by_suit][card]; *p >= 0; p++)
            if (r->tops[*p] >= 0) c->now[c->nnow++] = (Move){'f', 'c', card, (uint8_t)r->tops[*p], 1};
        if (r->empty_col >= 0 && (!s->kings_only || card % 13 == 12))
            c->later[c->nlater++] = (Move){'f', 'c', card, (uint8_t)r->empty_col, 1};
    }
    for (int i = 0; i < w->ncols; i++) {
        int n = w->len[i];
        if (!n) continue;
        const uint8_t *col = w->col[i];
        int top = col[n - 1];
        if (at_home(top, w->found))
            c->now[c->nnow++] = (Move){'c', 'h', (uint8_t)i, (uint8_t)(top / 13), 1};
        int run = run_length(col, n, by_suit);
        for (int k = 1; k <= run && k <= r->limit; k++)
            for (const int8_t *p = PARENTS[by_suit][col[n - k]]; *p >= 0; p++)
                if (r->tops[*p] >= 0)
                    c->now[c->nnow++] = (Move){'c', 'c', (uint8_t)i, (uint8_t)r->tops[*p], (uint8_t)k};
        if (r->empty_col >= 0) {
            for (int k = most_to_empty(r, run, n); k > 0; k--) {
                if (s->kings_only && col[n - k] % 13 != 12) continue;
                c->later[c->nlater++] = (Move){'c', 'c', (uint8_t)i, (uint8_t)r->empty_col, (uint8_t)k};
            }
        }
        if (r->free) c->later[c->nlater++] = (Move){'c', 'f', (uint8_t)i, (uint8_t)top, 1};
    }
}

/* Queue every child of node ``index`` (state ``w``, popped with ``packed``), as
 * solver._py_search does, in the same order. */
static int expand(Search *s, const Work *w, int32_t index, int64_t packed) {
    const int by_suit = s->by_suit;
    const int64_t w_depth = s->w[1], w_cell = s->w[4];
    int64_t score = (packed >> 32) * TIE;
    int holds[NCOLS] = {0}; /* next cards to go home, by column */
    for (int suit = 0; suit < 4; suit++) {
        if (w->found[suit] >= 13) continue;
        int card = suit * 13 + w->found[suit];
        for (int i = 0; i < w->ncols; i++)
            if (memchr(w->col[i], card, w->len[i])) {
                holds[i]++;
                break;
            }
    }
    /* Each column's disorder, and that of each of its bottom parts. */
    Disorder whole[NCOLS];
    int64_t part[NCOLS][MAXLEN + 1];
    for (int i = 0; i < w->ncols; i++) {
        whole[i] = NO_DISORDER;
        part[i][0] = -s->w[5];
        for (int k = 0; k < w->len[i]; k++) {
            add_card(&whole[i], w->col[i][k], by_suit);
            part[i][k + 1] = weighed(s, &whole[i]);
        }
    }
    Room r;
    room_of(s, w, &r);
    Children c;
    children(s, w, &r, &c);
    int64_t cell_in = w_cell * TIE;
    for (int j = 0; j < c.nnow; j++) {
        Move m = c.now[j];
        if (m.dkind == 'h' || (m.skind == 'c' && unsettles(w, m, by_suit))) {
            if (queue_built(s, w, m, index)) return -1;
            continue;
        }
        int dest = m.di;
        int64_t below = part[dest][w->len[dest]];
        if (m.skind == 'f') { /* a cell's card onto a column */
            uint8_t card = m.si;
            int64_t gain = disorder_with(s, whole[dest], &card, 1) - below + w_depth * holds[dest];
            if (queue(s, score - cell_in + gain * TIE, index, m)) return -1;
            continue;
        }
        int i = m.si, k = m.count, n = w->len[i];
        const uint8_t *col = w->col[i];
        int deeper = holds[dest] - holds[i];
        for (int j2 = n - k; j2 < n; j2++) deeper += at_home(col[j2], w->found);
        int64_t gain = part[i][n - k] - part[i][n] + disorder_with(s, whole[dest], col + n - k, k) -
                       below + w_depth * k * deeper;
        if (queue(s, score + gain * TIE, index, m)) return -1;
    }
    for (int j = 0; j < c.nlater; j++) {
        Move m = c.later[j];
        if (m.skind == 'f') { /* a one-card column, less an empty one */
            if (queue(s, score - cell_in + s->w[5] * TIE, index, m)) return -1;
            continue;
        }
        if (unsettles(w, m, by_suit)) {
            if (queue_built(s, w, m, index)) return -1;
            continue;
        }
        int i = m.si, k = m.count, n = w->len[i];
        const uint8_t *col = w->col[i];
        int deeper = -holds[i];
        for (int j2 = n - k; j2 < n; j2++) deeper += at_home(col[j2], w->found);
        int64_t gain = part[i][n - k] - part[i][n] + w_depth * k * deeper;
        if (m.dkind == 'f')
            gain += w_cell;
        else
            gain += disorder(s, col + n - k, k) + s->w[5];
        if (queue(s, score + gain * TIE, index, m)) return -1;
    }
    return 0;
}

/* ---- A*: the shortest win (cardems.cellgames.shortest) ---- */

/* Queue keys: the bound f first, then the deeper position first (fewer moves left to
 * guess), then the order queued. */
#define F_SHIFT 48
#define G_SHIFT 40
#define MAXG 255

static int cards_home(const Work *w) { return w->found[0] + w->found[1] + w->found[2] + w->found[3]; }

/* A card of a column that is not blocked and would need a run of its own
 * (shortest.Candidate): its suit, rank, and the lowest rank of each suit under it. */
typedef struct {
    int suit, rank;
    int under[4];
    int group; /* its stretch in sequence (shortest.Group): how many breaks under it */
} Candidate;

/* shortest._column_part: a column's cards, plus the fewest runs that can take its blocked
 * cards (above a lower card of their suit) off it; its candidates in *cands. */
static int column_part(const uint8_t *col, int n, int by_suit, Candidate *cands, int *ncands) {
    int lowest[4] = {13, 13, 13, 13}, under[MAXLEN][4], breaks[MAXLEN];
    uint8_t blocked[MAXLEN];
    for (int k = 0; k < n; k++) {
        int suit = col[k] / 13, rank = col[k] % 13;
        breaks[k] = k ? breaks[k - 1] + !FITS[by_suit][col[k]][col[k - 1]] : 0;
        memcpy(under[k], lowest, sizeof lowest);
        blocked[k] = rank > lowest[suit];
        if (rank < lowest[suit]) lowest[suit] = rank;
    }
    int runs = 0, last = -1;
    for (int k = 0; k < n; k++)
        if (blocked[k]) {
            if (last < 0 || breaks[k] > breaks[last]) runs++;
            last = k;
        }
    int above[MAXLEN], next = -1;
    for (int k = n - 1; k >= 0; k--) {
        above[k] = next;
        if (blocked[k]) next = k;
    }
    int below = -1;
    *ncands = 0;
    for (int k = 0; k < n; k++) {
        if (blocked[k]) {
            below = k;
            continue;
        }
        if (below >= 0 && breaks[k] == breaks[below]) continue;
        if (above[k] >= 0 && breaks[above[k]] == breaks[k]) continue;
        Candidate *c = &cands[(*ncands)++];
        c->suit = col[k] / 13;
        c->rank = col[k] % 13;
        c->group = breaks[k];
        memcpy(c->under, under[k], sizeof c->under);
    }
    return n + runs;
}

/* shortest._cycle */
static int cycle(const Candidate *a, int na, const Candidate *b, int nb) {
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (b[j].under[a[i].suit] < a[i].rank && a[i].under[b[j].suit] < b[j].rank) return 1;
    return 0;
}

/* shortest._parked: card can leave a cell only once position j of its column has left. */
static int parked(int card, const int8_t *where, const int *lowest, int j) {
    int suit = card / 13, rank = card % 13;
    return rank < 12 && lowest[suit] < rank && where[card + 1] >= 0 && where[card + 1] < j;
}

/* shortest.dead: some card can never go home (Seahaven's rules; proof there). */
static int dead(const Work *w, int ncells) {
    int8_t where[53];
    for (int i = 0; i < w->ncols; i++) {
        const uint8_t *col = w->col[i];
        int n = w->len[i];
        memset(where, 0xff, sizeof where);
        for (int k = 0; k < n; k++) where[col[k]] = (int8_t)k;
        int lowest[4] = {13, 13, 13, 13};
        for (int j = 0; j < n; j++) {
            int x = col[j], suit = x / 13, rank = x % 13;
            if (rank < 12 && lowest[suit] < rank && where[x + 1] >= 0 && where[x + 1] < j - 1) {
                int count = 1;
                for (int k = j + 1; k < n; k++) count += parked(col[k], where, lowest, j);
                for (int c = 0; c < w->ncells; c++) count += parked(w->cells[c], where, lowest, j);
                if (count > ncells) return 1;
            }
            if (rank < lowest[suit]) lowest[suit] = rank;
        }
    }
    return 0;
}

#define MATCHING_CALLS 256 /* shortest.MATCHING_CALLS */
#define MAXGROUPS 64

/* shortest._matching: pairs of groups in ``left`` sharing none, within *calls steps. */
static int matching(const uint64_t *partners, uint64_t left, int *calls) {
    --*calls;
    while (left && !(partners[__builtin_ctzll(left)] & left)) left &= left - 1;
    if (!left) return 0;
    int i = __builtin_ctzll(left);
    uint64_t rest = left & ~((uint64_t)1 << i);
    int most = 0;
    for (uint64_t others = partners[i] & rest; others; others &= others - 1) {
        int pairs = 1 + matching(partners, rest & ~(others & -others), calls);
        if (pairs > most) most = pairs;
        if (*calls <= 0) return most;
    }
    int unpaired = matching(partners, rest, calls);
    return unpaired > most ? unpaired : most;
}

/* Each column's part of the bound (column_part) and its candidates, worked out once for a
 * position and reused by its children for every column a move leaves as it was. */
typedef struct {
    int part[NCOLS];
    int ncands[NCOLS];
    const Candidate *cands[NCOLS]; /* into own, or into the parts it was taken from */
    Candidate own[NCOLS][MAXLEN];
} Parts;

/* shortest._Bound: a move home for each card not home, the runs that can take each
 * column's blocked cards off it, and pairs of groups in a cycle (shortest._cycles);
 * -1 for a position dead proves lost. ``p`` receives the columns' parts; ``from`` (or
 * NULL) holds those of a position ``w`` was reached from in one move and the safe moves
 * home after it (``prev``): a column of the same length there holds the same cards, as
 * the move puts cards on top of one column or takes them off the top of one, and the moves
 * home take cards off tops: a column as long as it was lost just the cards it gained. */
static int bound_with(const Search *s, const Work *w, Parts *p, const Work *prev,
                      const Parts *from) {
    int total = w->ncells;
    const Candidate *start[MAXGROUPS];
    int count[MAXGROUPS], owner[MAXGROUPS], ngroups = 0;
    for (int i = 0; i < w->ncols; i++) {
        if (from && prev->len[i] == w->len[i]) {
            p->part[i] = from->part[i];
            p->ncands[i] = from->ncands[i];
            p->cands[i] = from->cands[i];
        } else {
            p->part[i] = column_part(w->col[i], w->len[i], s->by_suit, p->own[i], &p->ncands[i]);
            p->cands[i] = p->own[i];
        }
        total += p->part[i];
        for (int k = 0; k < p->ncands[i]; k++) {
            if (k && p->cands[i][k].group == p->cands[i][k - 1].group) {
                count[ngroups - 1]++;
                continue;
            }
            if (ngroups == MAXGROUPS) break;
            start[ngroups] = &p->cands[i][k];
            count[ngroups] = 1;
            owner[ngroups++] = i;
        }
    }
    uint64_t partners[MAXGROUPS] = {0};
    for (int a = 0; a < ngroups; a++)
        for (int b = a + 1; b < ngroups; b++)
            if (owner[a] != owner[b] && cycle(start[a], count[a], start[b], count[b])) {
                partners[a] |= (uint64_t)1 << b;
                partners[b] |= (uint64_t)1 << a;
            }
    int calls = MATCHING_CALLS;
    total += matching(partners, ngroups == 64 ? ~(uint64_t)0 : ((uint64_t)1 << ngroups) - 1, &calls);
    if (s->kings_only && dead(w, s->ncells)) return -1;
    return total;
}

static int bound(const Search *s, const Work *w) {
    Parts p;
    return bound_with(s, w, &p, NULL, NULL);
}

static int64_t a_key(int f, int g, int64_t counter) {
    return ((int64_t)f << F_SHIFT) | ((int64_t)(MAXG - g) << G_SHIFT) | counter;
}

/* Queue the child by m of node ``index`` (state w, g moves from the start): its moves
 * are m and the safe moves home after it, each one move. */
static int a_try(Search *s, const Work *w, const Parts *parts, int32_t index, int g, Move m) {
    Work c = *w;
    child(&c, m, s->by_suit);
    int ng = g + 1 + cards_home(&c) - cards_home(w) - (m.dkind == 'h');
    if (ng > MAXG) return 0;
    uint8_t key[KEYMAX];
    int n = make_key(&c, key);
    int32_t known = s->table[table_slot(s, key, n, hash_key(key, n))];
    if (known >= 0 && s->nodes[known].g <= ng) return 0; /* expanded in as few moves */
    Parts mine;
    int left = bound_with(s, &c, &mine, w, parts);
    if (left < 0) return 0;
    s->counter++;
    return push(s, a_key(ng + left, ng, s->counter), index, m, NULL);
}

/* Every move of solver._children from w, in its order (:func:`children`). */
static int a_expand(Search *s, const Work *w, int32_t index, int g) {
    Parts parts;
    bound_with(s, w, &parts, NULL, NULL);
    Room r;
    room_of(s, w, &r);
    Children c;
    children(s, w, &r, &c);
    for (int j = 0; j < c.nnow; j++)
        if (a_try(s, w, &parts, index, g, c.now[j])) return -1;
    for (int j = 0; j < c.nlater; j++)
        if (a_try(s, w, &parts, index, g, c.later[j])) return -1;
    return 0;
}

/* ---- the Python types ---- */

static PyObject *move_tuple(Move m) {
    char skind[2] = {m.skind, 0}, dkind[2] = {m.dkind, 0};
    return Py_BuildValue("(sisii)", skind, (int)m.si, dkind, (int)m.di, (int)m.count);
}

static PyObject *line_to(const Search *s, int32_t index) {
    Py_ssize_t n = 0;
    for (int32_t at = index; s->nodes[at].parent >= 0; at = s->nodes[at].parent) n++;
    PyObject *line = PyList_New(n);
    if (!line) return NULL;
    for (int32_t at = index; s->nodes[at].parent >= 0; at = s->nodes[at].parent) {
        PyObject *move = move_tuple(s->nodes[at].move);
        if (!move) {
            Py_DECREF(line);
            return NULL;
        }
        PyList_SET_ITEM(line, --n, move);
    }
    return line;
}

static int read_state(const Search *s, Work *w, PyObject *cols, PyObject *cells,
                      PyObject *found) {
    memset(w, 0, sizeof *w);
    if (!PyTuple_Check(cols) || PyTuple_GET_SIZE(cols) != s->ncols) {
        PyErr_Format(PyExc_ValueError, "%d columns are needed", s->ncols);
        return -1;
    }
    w->ncols = (uint8_t)s->ncols;
    for (int i = 0; i < w->ncols; i++) {
        PyObject *col = PyTuple_GET_ITEM(cols, i);
        if (!PyBytes_Check(col) || PyBytes_GET_SIZE(col) > MAXSTART) {
            PyErr_SetString(PyExc_ValueError, "a column must be bytes of at most 36 cards");
            return -1;
        }
        w->len[i] = (uint8_t)PyBytes_GET_SIZE(col);
        memcpy(w->col[i], PyBytes_AS_STRING(col), w->len[i]);
    }
    if (!PyBytes_Check(cells) || PyBytes_GET_SIZE(cells) > s->ncells) {
        PyErr_Format(PyExc_ValueError, "the cells must be bytes of at most %d cards", s->ncells);
        return -1;
    }
    w->ncells = (uint8_t)PyBytes_GET_SIZE(cells);
    memcpy(w->cells, PyBytes_AS_STRING(cells), w->ncells);
    int f[4];
    if (!PyArg_ParseTuple(found, "iiii", &f[0], &f[1], &f[2], &f[3])) return -1;
    for (int s = 0; s < 4; s++) {
        if (f[s] < 0 || f[s] > 13) {
            PyErr_SetString(PyExc_ValueError, "a foundation holds 0 to 13 cards");
            return -1;
        }
        w->found[s] = (uint8_t)f[s];
    }
    /* Each card once at most (a test may leave some out: such a position is never won). */
    uint8_t seen[52] = {0};
    int bad = 0;
    for (int suit = 0; suit < 4; suit++)
        for (int rank = 0; rank < w->found[suit]; rank++) seen[suit * 13 + rank] = 1;
    for (int i = 0; i < w->ncols; i++)
        for (int k = 0; k < w->len[i]; k++) {
            int card = w->col[i][k];
            if (card > 51 || seen[card]++) bad = 1;
        }
    for (int k = 0; k < w->ncells; k++) {
        int card = w->cells[k];
        if (card > 51 || seen[card]++ || (k && w->cells[k] <= w->cells[k - 1])) bad = 1;
    }
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "not a position: a card twice or unknown, or cells unsorted");
        return -1;
    }
    return 0;
}

/* The rules and the start of a search (once), and its table. */
static int start_search(Search *s, Work *start, PyObject *cols, PyObject *cells,
                        PyObject *found, PyObject *rules) {
    if (s->nodes || s->heap) {
        PyErr_SetString(PyExc_RuntimeError, "a search starts once");
        return -1;
    }
    int ncols, ncells, by_suit, kings_only;
    if (!PyArg_ParseTuple(rules, "iipp", &ncols, &ncells, &by_suit, &kings_only)) return -1;
    if (ncols < 1 || ncols > NCOLS || ncells < 1 || ncells > NCELLS) {
        PyErr_SetString(PyExc_ValueError, "1 to 10 columns and 1 to 4 cells are needed");
        return -1;
    }
    s->ncols = ncols;
    s->ncells = ncells;
    s->by_suit = by_suit;
    s->kings_only = kings_only;
    if (read_state(s, start, cols, cells, found)) return -1;
    return table_grow(s) ? no_memory() : 0;
}

static int Search_init(Search *s, PyObject *args, PyObject *kwds) {
    PyObject *cols, *cells, *found, *rules, *weights;
    static char *names[] = {"start", "rules", "weights", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "(OOO)O!O", names, &cols, &cells, &found,
                                     &PyTuple_Type, &rules, &weights))
        return -1;
    long long w[6];
    if (!PyArg_ParseTuple(weights, "LLLLLL", &w[0], &w[1], &w[2], &w[3], &w[4], &w[5]))
        return -1;
    Work start;
    if (start_search(s, &start, cols, cells, found, rules)) return -1;
    for (int k = 0; k < 6; k++) s->w[k] = w[k];
    Move none = {0, 0, 0, 0, 0};
    return push(s, score_of(s, &start) * TIE, -1, none, &start) ? no_memory() : 0;
}

/* Shortest((cols, cells, found), rules): A* from a settled position. */
static int Shortest_init(Search *s, PyObject *args, PyObject *kwds) {
    PyObject *cols, *cells, *found, *rules;
    static char *names[] = {"start", "rules", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "(OOO)O!", names, &cols, &cells, &found,
                                     &PyTuple_Type, &rules))
        return -1;
    s->shortest = 1;
    Work start;
    if (start_search(s, &start, cols, cells, found, rules)) return -1;
    Move none = {0, 0, 0, 0, 0};
    int first = bound(s, &start);
    return first < 0 || !push(s, a_key(first, 0, 0), -1, none, &start) ? 0 : no_memory();
}

enum { RAN_OUT, WON, SEARCHED, NO_MEMORY };

/* Expand up to ``budget`` positions without Python (the GIL released): RAN_OUT, WON (the
 * winning node in ``*won``), SEARCHED (every position searched) or NO_MEMORY; ``*used``
 * the positions expanded. */
static int run(Search *s, Py_ssize_t budget, Py_ssize_t *used, int32_t *won) {
    uint8_t key[KEYMAX];
    Work w;
    while (s->nheap) {
        if (*used >= budget) return RAN_OUT;
        Entry e = pop(s);
        if (e.built >= 0) {
            unpack(&w, &s->built[e.built]);
        } else {
            unpack(&w, &s->nodes[e.parent].state);
            child(&w, e.move, s->by_suit);
        }
        int n = make_key(&w, key);
        uint64_t hash = hash_key(key, n);
        Py_ssize_t slot = table_slot(s, key, n, hash);
        int g = s->shortest ? MAXG - (int)((e.key >> G_SHIFT) & MAXG) : 0;
        /* A* expands a position again when reached in fewer moves, as a new node (the
         * lines through the first one stay as they were). */
        if (s->table[slot] >= 0 && (!s->shortest || s->nodes[s->table[slot]].g <= g)) continue;
        int fresh = s->table[slot] < 0;
        if (grow((void **)&s->nodes, &s->capnodes, s->nnodes + 1, sizeof(Node))) return NO_MEMORY;
        int32_t index = (int32_t)s->nnodes++;
        Node *node = &s->nodes[index];
        pack(&node->state, &w);
        node->parent = e.parent;
        node->move = e.move;
        node->keylen = (uint8_t)n;
        node->g = (uint8_t)g;
        memcpy(node->key, key, n);
        node->hash = hash;
        s->table[slot] = index;
        if (fresh && 2 * s->nnodes > s->tcap && table_grow(s)) return NO_MEMORY;
        ++*used;
        if (w.found[0] == 13 && w.found[1] == 13 && w.found[2] == 13 && w.found[3] == 13) {
            *won = index;
            return WON;
        }
        if (s->shortest ? a_expand(s, &w, index, g) : expand(s, &w, index, e.key))
            return NO_MEMORY;
    }
    return SEARCHED;
}

/* send(budget): expand up to ``budget`` positions; answers (outcome, expanded, held) as
 * solver._py_search's generator does: outcome the winning line, False once every
 * position is searched, or None. Other threads run meanwhile (a server's event loop
 * while a par is searched). */
static PyObject *Search_send(Search *s, PyObject *arg) {
    Py_ssize_t budget = PyLong_AsSsize_t(arg);
    if (budget == -1 && PyErr_Occurred()) return NULL;
    if (s->done || !s->table || s->running) {
        PyErr_SetString(PyExc_RuntimeError,
                        s->running ? "this search is running" : "this search is over");
        return NULL;
    }
    Py_ssize_t used = 0;
    int32_t won = -1;
    int ran;
    s->running = 1;
    Py_BEGIN_ALLOW_THREADS;
    ran = run(s, budget, &used, &won);
    Py_END_ALLOW_THREADS;
    s->running = 0;
    switch (ran) {
    case RAN_OUT:
        return Py_BuildValue("(Onn)", Py_None, used, s->nnodes + s->nheap);
    case WON: {
        s->done = 1;
        PyObject *line = line_to(s, won);
        if (!line) return NULL;
        return Py_BuildValue("(Nnn)", line, used, s->nnodes + s->nheap);
    }
    case SEARCHED:
        s->done = 1;
        return Py_BuildValue("(Onn)", Py_False, used, s->nnodes);
    default:
        return PyErr_NoMemory();
    }
}

static void Search_dealloc(Search *s) {
    PyMem_RawFree(s->nodes);
    PyMem_RawFree(s->table);
    PyMem_RawFree(s->heap);
    PyMem_RawFree(s->built);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef Search_methods[] = {
    {"send", (PyCFunction)Search_send, METH_O,
     "send(budget) -> (line | False | None, positions expanded, entries held)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardems.cellgames._bestfirst.Search",
    .tp_doc = PyDoc_STR("Search((cols, cells, found), rules, weights): one best-first search."),
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
};

/* A Search in another order (A*, its keys from Shortest_init): the same memory and send. */
static PyTypeObject ShortestType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardems.cellgames._bestfirst.Shortest",
    .tp_doc = PyDoc_STR("Shortest((cols, cells, found), rules): A* for the shortest win."),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_base = &SearchType,
    .tp_init = (initproc)Shortest_init,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_bestfirst",
    .m_doc = "The FreeCell family's best-first search, compiled (see cardems.cellgames.solver).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__bestfirst(void) {
    make_tables();
    if (PyType_Ready(&SearchType) < 0 || PyType_Ready(&ShortestType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SearchType);
    Py_INCREF(&ShortestType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0 ||
        PyModule_AddObject(m, "Shortest", (PyObject *)&ShortestType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(&ShortestType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
