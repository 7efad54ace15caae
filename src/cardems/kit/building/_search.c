/* The build family's one solver, compiled: the same best-first search as
 * cardems.kit.building.solver.solve_state (the reference, and the fallback where this module
 * could not be built), position for position: the same children in the same order, the same
 * safe moves home, forced builds and moves the table makes by itself, the same
 * transposition keys (byte for byte), the same scores, the same queue order (score, then the
 * order children were queued) and the same count of positions expanded, so that for any
 * state and budget it returns the same verdict, the same count and the same winning line
 * (the tests in tests/building/test_compiled_search.py compare the two).
 *
 * A position: up to 26 columns of card bytes (a card's ordinal in the search's numbering,
 * plus 64 when face down), up to 16 cells (255 empty), the four foundations' heights, and the
 * talon (stock, waste, redeals used, reserve pile) where the game has one. Every position
 * queued is kept packed in an arena with its key, its parent and the moves that reached it
 * from its parent (the move and the moves the settling made), as the Python search's links
 * keep them. The rules come from solver._Tables, read by the Python side. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define MAXCOLS 26
#define MAXCELLS 16
#define CAP 112 /* cards in one pile: 104 at most */
#define EMPTY 255
#define DOWN 64
#define UNLIMITED (-1)
#define MAXPATH 1024 /* moves one step records: its move and the settling's (< 2 * 104 + 1) */
#define KEYMAX (MAXCOLS * (CAP + 1) + MAXCELLS + 3 * (CAP + 1) + 8)

enum { E_ANY, E_KINGS, E_NONE };
enum { G_ONE, G_RUN, G_SUPERMOVE, G_CELLS, G_SUIT_RUN, G_FACE_UP, G_COLUMN };

typedef struct {
    uint8_t fits[128][128]; /* fits[card][below]: 1 when card may lie on below */
    uint8_t nbuild[52];
    uint8_t build[52][52]; /* each card's builders */
    int ncols, ncells;
    int empty, group, refill, whole_suits, draw, redeals, keep_waste, fill_columns;
    int face_down, to_columns, deal_on_empty, forced_builds, reserve, king, column, cards;
    int take_back, has_talon;
} Tables;

typedef struct {
    uint8_t len[MAXCOLS];
    uint8_t col[MAXCOLS][CAP];
    uint8_t cells[MAXCELLS];
    int found[4];
    int nstock, nwaste, nreserve, passes;
    uint8_t stock[CAP], waste[CAP], reserve[CAP];
} Pos;

typedef struct {
    char src;
    uint8_t i;
    char dst;
    uint8_t j;
    uint8_t count;
} Raw;

typedef struct {
    int n;
    Raw m[MAXPATH];
} Path;

static void push_raw(Path *path, char src, int i, char dst, int j, int count) {
    if (path->n < MAXPATH) {
        Raw r = {src, (uint8_t)i, dst, (uint8_t)j, (uint8_t)count};
        path->m[path->n++] = r;
    }
}

/* --- what the engine does by itself (solver._table, _turned, _dealt, _turn) --- */

static void turned(Pos *p, const Tables *t) {
    if (!p->nstock) {
        for (int k = 0; k < p->nwaste; k++) p->stock[k] = p->waste[p->nwaste - 1 - k];
        p->nstock = p->nwaste;
        p->nwaste = 0;
        p->passes += (t->redeals != UNLIMITED);
        return;
    }
    int count = t->draw < p->nstock ? t->draw : p->nstock;
    for (int k = 0; k < count; k++) p->waste[p->nwaste++] = p->stock[p->nstock - 1 - k];
    p->nstock -= count;
}

static void table(Pos *p, const Tables *t) {
    for (;;) {
        int e = -1;
        if (p->nreserve || (t->fill_columns && p->nwaste)) {
            for (int k = 0; k < t->ncols; k++) {
                if (!p->len[k]) {
                    e = k;
                    break;
                }
            }
        }
        if (e >= 0 && p->nreserve) {
            p->col[e][0] = p->reserve[--p->nreserve];
            p->len[e] = 1;
        } else if (e >= 0) {
            p->col[e][0] = p->waste[--p->nwaste];
            p->len[e] = 1;
        } else if (t->keep_waste && !p->nwaste && p->nstock) {
            turned(p, t);
        } else {
            return;
        }
    }
}

static void dealt(Pos *p, const Tables *t) {
    int count = t->to_columns < p->nstock ? t->to_columns : p->nstock;
    for (int i = 0; i < count; i++) p->col[i][p->len[i]++] = p->stock[p->nstock - 1 - i];
    p->nstock -= count;
}

static inline void turn(Pos *p, int i) {
    int n = p->len[i];
    if (n && p->col[i][n - 1] >= DOWN) p->col[i][n - 1] -= DOWN;
}

static inline int ordered_of(const Pos *p, const Tables *t) {
    return t->to_columns < p->nstock ? t->to_columns : p->nstock;
}

/* --- settling (solver._safe, _settle, _forced) --- */

static int safe(int card, const int *found, const Tables *t) {
    int suit = card / 13, rank = card % 13;
    if (rank != found[suit] || t->whole_suits) return 0;
    for (int k = 0; k < t->nbuild[card]; k++) {
        int x = t->build[card][k];
        if (!(found[x / 13] > x % 13)) return 0;
    }
    return 1;
}

static void forced(Pos *p, const Tables *t, Path *path) {
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int j = 0; j < t->ncols; j++) {
            int dl = p->len[j];
            int top = dl ? p->col[j][dl - 1] : DOWN;
            int king = dl ? p->col[j][0] : DOWN;
            if (top % 13 == 0 || king >= DOWN || king % 13 != 12) continue;
            if (top > king || dl != king - top + 1) continue;
            int run = 1;
            for (int k = 0; k < dl; k++) {
                if (p->col[j][k] != king - k) {
                    run = 0;
                    break;
                }
            }
            if (!run) continue;
            for (int i = 0; i < t->ncols; i++) {
                if (i == j) continue;
                int at = -1;
                for (int k = 0; k < p->len[i]; k++) {
                    if (p->col[i][k] == top - 1) {
                        at = k;
                        break;
                    }
                }
                if (at >= 0) {
                    int n = p->len[i] - at;
                    push_raw(path, 'c', i, 'c', j, n);
                    memcpy(&p->col[j][dl], &p->col[i][at], (size_t)n);
                    p->len[j] = (uint8_t)(dl + n);
                    p->len[i] = (uint8_t)at;
                    turn(p, i);
                    moved = 1;
                    break;
                }
            }
        }
    }
}

static void settle(Pos *p, const Tables *t, Path *path) {
    if (t->whole_suits) {
        if (t->forced_builds && !p->nstock) forced(p, t, path);
        return;
    }
    int forcing = t->keep_waste && t->draw > 1;
    int moved = 1;
    while (moved) {
        moved = 0;
        if (p->nwaste) {
            int card = p->waste[p->nwaste - 1];
            if (safe(card, p->found, t) && !(forcing && p->nwaste == 1)) {
                p->found[card / 13]++;
                push_raw(path, 'w', 0, 'h', card / 13, 1);
                p->nwaste--;
                table(p, t);
                moved = 1;
            }
        }
        if (p->nreserve) {
            int card = p->reserve[p->nreserve - 1];
            if (safe(card, p->found, t)) {
                p->found[card / 13]++;
                push_raw(path, 'r', 0, 'h', card / 13, 1);
                p->nreserve--;
                moved = 1;
            }
        }
        for (int i = 0; i < t->ncols; i++) {
            while (p->len[i] && safe(p->col[i][p->len[i] - 1], p->found, t)) {
                if (forcing && p->len[i] == 1 && t->fill_columns) break;
                int card = p->col[i][p->len[i] - 1];
                p->found[card / 13]++;
                push_raw(path, 'c', i, 'h', card / 13, 1);
                p->len[i]--;
                turn(p, i);
                moved = 1;
                if (!p->len[i] && (t->draw || t->reserve)) table(p, t);
            }
        }
        for (int i = 0; i < t->ncells; i++) {
            int card = p->cells[i];
            if (card != EMPTY && safe(card, p->found, t)) {
                p->found[card / 13]++;
                push_raw(path, 'f', i, 'h', card / 13, 1);
                p->cells[i] = EMPTY;
                moved = 1;
            }
        }
    }
}

/* --- the transposition key (solver._key), byte for byte --- */

static int col_less(const Pos *p, int a, int b) {
    int la = p->len[a], lb = p->len[b];
    int c = memcmp(p->col[a], p->col[b], (size_t)(la < lb ? la : lb));
    return c < 0 || (c == 0 && la < lb);
}

static size_t make_key(const Pos *p, const Tables *t, uint8_t *key) {
    int order[MAXCOLS];
    int ordered = ordered_of(p, t);
    for (int k = 0; k < t->ncols; k++) order[k] = k;
    for (int k = ordered + 1; k < t->ncols; k++) { /* a stable insertion sort */
        int v = order[k], m = k;
        while (m > ordered && col_less(p, v, order[m - 1])) {
            order[m] = order[m - 1];
            m--;
        }
        order[m] = v;
    }
    size_t n = 0;
    for (int k = 0; k < t->ncols; k++) {
        if (k) key[n++] = 0xff;
        int c = order[k];
        memcpy(key + n, p->col[c], p->len[c]);
        n += p->len[c];
    }
    key[n++] = 0xfe;
    uint8_t cells[MAXCELLS];
    memcpy(cells, p->cells, (size_t)t->ncells);
    for (int k = 1; k < t->ncells; k++) {
        uint8_t v = cells[k];
        int m = k;
        while (m > 0 && cells[m - 1] > v) {
            cells[m] = cells[m - 1];
            m--;
        }
        cells[m] = v;
    }
    memcpy(key + n, cells, (size_t)t->ncells);
    n += (size_t)t->ncells;
    if (!t->has_talon) return n;
    key[n++] = 0xfd;
    memcpy(key + n, p->stock, (size_t)p->nstock);
    n += (size_t)p->nstock;
    key[n++] = 0xfc;
    memcpy(key + n, p->waste, (size_t)p->nwaste);
    n += (size_t)p->nwaste;
    key[n++] = (uint8_t)(p->passes & 255);
    if (p->nreserve) {
        key[n++] = 0xfb;
        memcpy(key + n, p->reserve, (size_t)p->nreserve);
        n += (size_t)p->nreserve;
    }
    return n;
}

/* --- moves (solver._children, _talon_children, _apply) --- */

typedef struct {
    Raw *m;
    size_t n, cap;
} Moves;

static int add(Moves *ms, char src, int i, char dst, int j, int count) {
    if (ms->n == ms->cap) {
        size_t cap = ms->cap ? 2 * ms->cap : 256;
        Raw *m = PyMem_RawRealloc(ms->m, cap * sizeof(Raw));
        if (!m) return -1;
        ms->m = m;
        ms->cap = cap;
    }
    Raw r = {src, (uint8_t)i, dst, (uint8_t)j, (uint8_t)count};
    ms->m[ms->n++] = r;
    return 0;
}

static int whole_suit(const Pos *p, int i) {
    int n = p->len[i];
    if (n < 13) return -1;
    int king = p->col[i][n - 13];
    if (king % 13 != 12) return -1;
    for (int k = 0; k < 13; k++) {
        if (p->col[i][n - 13 + k] != king - k) return -1;
    }
    return king / 13;
}

static int moving(const Pos *p, int i, const Tables *t) {
    int n = p->len[i];
    const uint8_t *col = p->col[i];
    if (t->group == G_FACE_UP) {
        for (int m = 1; m < n; m++) {
            if (col[n - m - 1] >= DOWN) return m;
        }
        return n;
    }
    int m = 1;
    if (t->group != G_SUIT_RUN) {
        while (m < n && t->fits[col[n - m]][col[n - m - 1]]) m++;
    } else {
        while (m < n && t->fits[col[n - m]][col[n - m - 1]] && col[n - m] / 13 == col[n - m - 1] / 13)
            m++;
    }
    return n ? m : 0;
}

static long limit_of(const Tables *t, int free, int empty) {
    switch (t->group) {
    case G_ONE:
        return 1;
    case G_RUN:
    case G_SUIT_RUN:
    case G_FACE_UP:
        return 52;
    case G_CELLS:
        return free + 1;
    default:
        return (long)(free + 1) << empty;
    }
}

#define ADD(...)                                                                                   \
    do {                                                                                           \
        if (add(ms, __VA_ARGS__) < 0) return -1;                                                   \
    } while (0)

static int talon_children(const Pos *p, const Tables *t, int empty_to, int cell_to, Moves *ms) {
    for (int pile = 0; pile < 2; pile++) {
        char kind = pile == 0 ? 'r' : 'w';
        int n = pile == 0 ? p->nreserve : p->nwaste;
        if (!n) continue;
        int card = pile == 0 ? p->reserve[n - 1] : p->waste[n - 1];
        if (card % 13 == p->found[card / 13]) ADD(kind, 0, 'h', card / 13, 1);
        for (int j = 0; j < t->ncols; j++) {
            if (p->len[j] && t->fits[card][p->col[j][p->len[j] - 1]]) ADD(kind, 0, 'c', j, 1);
        }
        if (empty_to >= 0 && (t->empty == E_ANY || card % 13 == t->king))
            ADD(kind, 0, 'c', empty_to, 1);
        if (cell_to >= 0) ADD(kind, 0, 'f', cell_to, 1);
    }
    if (t->to_columns) {
        int all = 1;
        for (int j = 0; j < t->ncols; j++) all = all && p->len[j];
        if (p->nstock && (t->deal_on_empty || all)) ADD('s', 0, 'w', 0, 1);
        return 0;
    }
    int redeal = p->nwaste && (t->redeals == UNLIMITED || p->passes + 1 <= t->redeals);
    if (t->draw && (p->nstock || redeal)) ADD('s', 0, 'w', 0, 1);
    return 0;
}

static int children(const Pos *p, const Tables *t, Moves *ms) {
    ms->n = 0;
    int free = 0;
    for (int k = 0; k < t->ncells; k++) free += p->cells[k] == EMPTY;
    int empties[MAXCOLS], n_empty = 0;
    for (int k = 0; k < t->ncols; k++) {
        if (!p->len[k]) empties[n_empty++] = k;
    }
    int empty_to = n_empty && t->empty != E_NONE ? empties[0] : -1;
    int ordered = ordered_of(p, t);
    int tos[MAXCOLS], n_tos = 0;
    if (empty_to >= 0) {
        for (int k = 0; k < n_empty; k++) {
            if (empties[k] < ordered) tos[n_tos++] = empties[k];
        }
        for (int k = 0; k < n_empty; k++) {
            if (empties[k] >= ordered) {
                tos[n_tos++] = empties[k];
                break;
            }
        }
    }
    int singles_home = !t->whole_suits;
    for (int i = 0; i < t->ncells; i++) {
        int card = p->cells[i];
        if (card == EMPTY) continue;
        if (singles_home && card % 13 == p->found[card / 13]) ADD('f', i, 'h', card / 13, 1);
        for (int j = 0; j < t->ncols; j++) {
            if (p->len[j] && t->fits[card][p->col[j][p->len[j] - 1]]) ADD('f', i, 'c', j, 1);
        }
        if (empty_to >= 0 && (t->empty == E_ANY || card % 13 == t->king))
            ADD('f', i, 'c', empty_to, 1);
    }
    int cell_to = -1;
    if (free && t->refill) {
        for (int k = 0; k < t->ncells; k++) {
            if (p->cells[k] == EMPTY) {
                cell_to = k;
                break;
            }
        }
    }
    for (int i = 0; i < t->ncols; i++) {
        int n = p->len[i];
        if (!n) continue;
        const uint8_t *col = p->col[i];
        int top = col[n - 1];
        if (singles_home) {
            if (top % 13 == p->found[top / 13]) ADD('c', i, 'h', top / 13, 1);
        } else {
            int suit = whole_suit(p, i);
            if (suit >= 0) ADD('c', i, 'h', suit, 13);
        }
        int run = moving(p, i, t);
        long lim = limit_of(t, free, n_empty);
        int most = run < lim ? run : (int)lim;
        for (int j = 0; j < t->ncols; j++) {
            if (j == i || !p->len[j]) continue;
            int below = p->col[j][p->len[j] - 1];
            for (int count = 1; count <= most; count++) {
                if (t->column && 1 < count && count < n) continue;
                if (t->fits[col[n - count]][below]) ADD('c', i, 'c', j, count);
            }
        }
        if (empty_to >= 0) {
            long lim2 = limit_of(t, free, n_empty ? n_empty - 1 : 0);
            int into = run < lim2 ? run : (int)lim2;
            for (int count = 1; count <= into; count++) {
                if (t->column && count > 1) break;
                int lead = col[n - count];
                if (t->empty == E_ANY || lead % 13 == t->king) {
                    for (int k = 0; k < n_tos; k++) {
                        int to = tos[k];
                        if (count < n || (i < to ? i : to) < ordered) ADD('c', i, 'c', to, count);
                    }
                }
            }
        }
        if (cell_to >= 0) ADD('c', i, 'f', cell_to, 1);
    }
    if (t->draw || t->reserve) return talon_children(p, t, empty_to, cell_to, ms);
    return 0;
}

static void apply(Pos *p, const Raw *r, const Tables *t) {
    if (r->src == 's' && t->to_columns) {
        dealt(p, t);
        return;
    }
    if (r->src == 's') {
        turned(p, t);
        table(p, t);
        return;
    }
    uint8_t moving_cards[CAP];
    int count = r->count, n = 1;
    if (r->src == 'c') {
        int i = r->i;
        n = count;
        memcpy(moving_cards, &p->col[i][p->len[i] - count], (size_t)count);
        p->len[i] = (uint8_t)(p->len[i] - count);
        turn(p, i);
    } else if (r->src == 'w') {
        moving_cards[0] = p->waste[--p->nwaste];
    } else if (r->src == 'r') {
        moving_cards[0] = p->reserve[--p->nreserve];
    } else {
        moving_cards[0] = p->cells[r->i];
        p->cells[r->i] = EMPTY;
    }
    if (r->dst == 'c') {
        memcpy(&p->col[r->j][p->len[r->j]], moving_cards, (size_t)n);
        p->len[r->j] = (uint8_t)(p->len[r->j] + n);
    } else if (r->dst == 'f') {
        p->cells[r->j] = moving_cards[0];
    } else {
        p->found[r->j] += count;
    }
    if (t->draw || t->reserve) table(p, t);
}

/* --- the score (solver._score, _BREAKS, _BURIED, _talon_depth, _hidden) --- */

static int find(const uint8_t *pile, int n, int card) {
    for (int k = 0; k < n; k++) {
        if (pile[k] == card) return k;
    }
    return -1;
}

static long score_of(const Pos *p, const Tables *t) {
    long found = p->found[0] + p->found[1] + p->found[2] + p->found[3];
    long free = 0, empty = 0, hidden = 0;
    for (int k = 0; k < t->ncells; k++) free += p->cells[k] == EMPTY;
    if (t->empty != E_NONE) {
        for (int k = 0; k < t->ncols; k++) empty += !p->len[k];
    }
    if (t->face_down) {
        for (int c = 0; c < t->ncols; c++) {
            for (int k = 0; k < p->len[c]; k++) hidden += p->col[c][k] >= DOWN;
        }
    }
    long score;
    if (t->whole_suits) {
        long breaks = 0;
        for (int c = 0; c < t->ncols; c++) {
            const uint8_t *col = p->col[c];
            for (int k = 0; k + 1 < p->len[c]; k++) {
                int a = col[k], b = col[k + 1];
                breaks += b != a - 1 || a % 13 == 0;
            }
        }
        score = 20 * found - 40 * breaks + 4 * free + 10 * empty;
        if (t->to_columns) score -= 40L * p->nstock;
        return t->face_down ? score - 80 * hidden : score;
    }
    long depth = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (p->found[suit] >= 13) continue;
        int card = suit * 13 + p->found[suit], seen = 0;
        for (int c = 0; c < t->ncols && !seen; c++) {
            int at = find(p->col[c], p->len[c], card);
            if (at < 0 && t->face_down) at = find(p->col[c], p->len[c], card + DOWN);
            if (at >= 0) {
                depth += p->len[c] - 1 - at;
                seen = 1;
            }
        }
        if (seen || !t->has_talon) continue;
        int at = find(p->reserve, p->nreserve, card);
        if (at >= 0) {
            depth += p->nreserve - 1 - at;
            continue;
        }
        at = find(p->waste, p->nwaste, card);
        if (at >= 0) {
            depth += p->nwaste - 1 - at;
            continue;
        }
        at = find(p->stock, p->nstock, card);
        if (at >= 0) depth += p->nstock - at;
    }
    long buried = 0;
    for (int c = 0; c < t->ncols; c++) {
        int lowest[4] = {99, 99, 99, 99};
        for (int k = 0; k < p->len[c]; k++) {
            int card = p->col[c][k] % DOWN, suit = card / 13, rank = card % 13;
            if (rank > lowest[suit])
                buried++;
            else
                lowest[suit] = rank;
        }
    }
    score = 20 * found - 4 * depth - 10 * buried + 4 * free + 20 * empty;
    if (t->face_down) score -= 80 * hidden;
    return score;
}

/* --- packed positions, the arena, the table of keys, the queue --- */

typedef struct {
    uint8_t *b;
    size_t n, cap;
} Arena;

static int reserve_bytes(Arena *a, size_t more) {
    if (a->n + more <= a->cap) return 0;
    size_t cap = a->cap ? a->cap : 1 << 20;
    while (cap < a->n + more) cap *= 2;
    uint8_t *b = PyMem_RawRealloc(a->b, cap);
    if (!b) return -1;
    a->b = b;
    a->cap = cap;
    return 0;
}

static size_t pack(const Pos *p, const Tables *t, uint8_t *out) {
    size_t n = 0;
    for (int c = 0; c < t->ncols; c++) {
        out[n++] = p->len[c];
        memcpy(out + n, p->col[c], p->len[c]);
        n += p->len[c];
    }
    memcpy(out + n, p->cells, (size_t)t->ncells);
    n += (size_t)t->ncells;
    for (int s = 0; s < 4; s++) out[n++] = (uint8_t)p->found[s];
    if (!t->has_talon) return n;
    out[n++] = (uint8_t)p->nstock;
    memcpy(out + n, p->stock, (size_t)p->nstock);
    n += (size_t)p->nstock;
    out[n++] = (uint8_t)p->nwaste;
    memcpy(out + n, p->waste, (size_t)p->nwaste);
    n += (size_t)p->nwaste;
    out[n++] = (uint8_t)p->nreserve;
    memcpy(out + n, p->reserve, (size_t)p->nreserve);
    n += (size_t)p->nreserve;
    memcpy(out + n, &p->passes, sizeof(int));
    return n + sizeof(int);
}

static void unpack(const uint8_t *in, const Tables *t, Pos *p) {
    size_t n = 0;
    for (int c = 0; c < t->ncols; c++) {
        p->len[c] = in[n++];
        memcpy(p->col[c], in + n, p->len[c]);
        n += p->len[c];
    }
    memcpy(p->cells, in + n, (size_t)t->ncells);
    n += (size_t)t->ncells;
    for (int s = 0; s < 4; s++) p->found[s] = in[n++];
    p->nstock = p->nwaste = p->nreserve = p->passes = 0;
    if (!t->has_talon) return;
    p->nstock = in[n++];
    memcpy(p->stock, in + n, (size_t)p->nstock);
    n += (size_t)p->nstock;
    p->nwaste = in[n++];
    memcpy(p->waste, in + n, (size_t)p->nwaste);
    n += (size_t)p->nwaste;
    p->nreserve = in[n++];
    memcpy(p->reserve, in + n, (size_t)p->nreserve);
    n += (size_t)p->nreserve;
    memcpy(&p->passes, in + n, sizeof(int));
}

typedef struct {
    uint64_t hash;
    size_t key; /* offsets in the arena */
    size_t pos;
    size_t path;
    uint32_t key_len;
    uint32_t path_len;
    int64_t parent;
} Node;

typedef struct {
    long score; /* minus the score: lower first */
    uint64_t counter;
    size_t node;
} Entry;

typedef struct {
    Arena arena;
    Node *nodes;
    size_t nnodes, cap_nodes;
    int64_t *slots; /* open addressing: a node's index, or -1 */
    size_t nslots;
    Entry *heap;
    size_t nheap, cap_heap;
    Moves moves;
} Search;

static uint64_t hash_of(const uint8_t *key, size_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t k = 0; k < n; k++) {
        h ^= key[k];
        h *= 1099511628211ULL;
    }
    return h ^ (h >> 29);
}

static int grow_slots(Search *s) {
    size_t nslots = s->nslots ? 2 * s->nslots : 1 << 16;
    int64_t *slots = PyMem_RawMalloc(nslots * sizeof(int64_t));
    if (!slots) return -1;
    for (size_t k = 0; k < nslots; k++) slots[k] = -1;
    for (size_t k = 0; k < s->nnodes; k++) {
        size_t at = s->nodes[k].hash & (nslots - 1);
        while (slots[at] >= 0) at = (at + 1) & (nslots - 1);
        slots[at] = (int64_t)k;
    }
    PyMem_RawFree(s->slots);
    s->slots = slots;
    s->nslots = nslots;
    return 0;
}

/* The slot of ``key``: its node's index there if seen (returns 1), else a free slot. */
static int lookup(Search *s, const uint8_t *key, size_t n, uint64_t hash, size_t *slot) {
    size_t at = hash & (s->nslots - 1);
    for (;;) {
        int64_t k = s->slots[at];
        if (k < 0) {
            *slot = at;
            return 0;
        }
        Node *node = &s->nodes[k];
        if (node->hash == hash && node->key_len == n && !memcmp(s->arena.b + node->key, key, n)) {
            *slot = at;
            return 1;
        }
        at = (at + 1) & (s->nslots - 1);
    }
}

/* ``items`` (``*cap`` of ``size`` bytes) moved to twice the room (1 << 14 at first) and
   ``*cap`` raised; NULL out of memory (``items`` and ``*cap`` then unchanged). */
static void *doubled(void *items, size_t *cap, size_t size) {
    size_t more = *cap ? 2 * *cap : 1 << 14;
    void *moved = PyMem_RawRealloc(items, more * size);
    if (moved) *cap = more;
    return moved;
}

/* A new node (its key not yet seen, ``slot`` free); its index, or -1 out of memory. */
static int64_t add_node(Search *s, const uint8_t *key, size_t key_len, uint64_t hash, size_t slot,
                        const Pos *p, const Tables *t, const Path *path, int64_t parent) {
    if (s->nnodes == s->cap_nodes) {
        Node *nodes = doubled(s->nodes, &s->cap_nodes, sizeof(Node));
        if (!nodes) return -1;
        s->nodes = nodes;
    }
    size_t path_bytes = (size_t)path->n * sizeof(Raw);
    if (reserve_bytes(&s->arena, key_len + sizeof(Pos) + path_bytes) < 0) return -1;
    Node *node = &s->nodes[s->nnodes];
    node->hash = hash;
    node->parent = parent;
    node->key = s->arena.n;
    node->key_len = (uint32_t)key_len;
    memcpy(s->arena.b + s->arena.n, key, key_len);
    s->arena.n += key_len;
    node->pos = s->arena.n;
    s->arena.n += pack(p, t, s->arena.b + s->arena.n);
    node->path = s->arena.n;
    node->path_len = (uint32_t)path->n;
    memcpy(s->arena.b + s->arena.n, path->m, path_bytes);
    s->arena.n += path_bytes;
    s->slots[slot] = (int64_t)s->nnodes;
    s->nnodes++;
    if (2 * s->nnodes > s->nslots && grow_slots(s) < 0) return -1;
    return (int64_t)s->nnodes - 1;
}

static inline int before(const Entry *a, const Entry *b) {
    return a->score < b->score || (a->score == b->score && a->counter < b->counter);
}

static int heap_push(Search *s, Entry e) {
    if (s->nheap == s->cap_heap) {
        Entry *heap = doubled(s->heap, &s->cap_heap, sizeof(Entry));
        if (!heap) return -1;
        s->heap = heap;
    }
    size_t k = s->nheap++;
    while (k) {
        size_t up = (k - 1) / 2;
        if (!before(&e, &s->heap[up])) break;
        s->heap[k] = s->heap[up];
        k = up;
    }
    s->heap[k] = e;
    return 0;
}

static Entry heap_pop(Search *s) {
    Entry top = s->heap[0], last = s->heap[--s->nheap];
    size_t k = 0, n = s->nheap;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= n) break;
        if (c + 1 < n && before(&s->heap[c + 1], &s->heap[c])) c++;
        if (!before(&s->heap[c], &last)) break;
        s->heap[k] = s->heap[c];
        k = c;
    }
    if (n) s->heap[k] = last;
    return top;
}

static void search_free(Search *s) {
    PyMem_RawFree(s->arena.b);
    PyMem_RawFree(s->nodes);
    PyMem_RawFree(s->slots);
    PyMem_RawFree(s->heap);
    PyMem_RawFree(s->moves.m);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

enum { LOST = 0, WON = 1, UNDECIDED = 2, CLOCKED = 3, NO_MEMORY = -1 };

/* The search itself (solver.solve_state's loop); run without the GIL. */
static int run(Search *s, const Tables *t, Pos *start, Path *start_path, long node_limit,
               double time_limit, long *nodes_out, int64_t *won) {
    Path path;
    uint8_t key[KEYMAX];
    start_path->n = 0;
    settle(start, t, start_path);
    if (grow_slots(s) < 0) return NO_MEMORY;
    size_t key_len = make_key(start, t, key), slot;
    uint64_t hash = hash_of(key, key_len);
    lookup(s, key, key_len, hash, &slot);
    path.n = 0;
    if (add_node(s, key, key_len, hash, slot, start, t, &path, -1) < 0) return NO_MEMORY;
    Entry first = {0, 0, 0};
    if (heap_push(s, first) < 0) return NO_MEMORY;
    double deadline = time_limit >= 0 ? now() + time_limit : 0;
    uint64_t counter = 0;
    long nodes = 0;
    Pos pos, child;
    while (s->nheap) {
        Entry e = heap_pop(s);
        unpack(s->arena.b + s->nodes[e.node].pos, t, &pos);
        if (pos.found[0] + pos.found[1] + pos.found[2] + pos.found[3] == t->cards) {
            *nodes_out = nodes;
            *won = (int64_t)e.node;
            return WON;
        }
        if (node_limit >= 0 && nodes >= node_limit) {
            *nodes_out = nodes;
            return UNDECIDED;
        }
        if (time_limit >= 0 && nodes % 1024 == 0 && now() > deadline) {
            *nodes_out = nodes;
            return CLOCKED;
        }
        nodes++;
        if (children(&pos, t, &s->moves) < 0) return NO_MEMORY;
        for (size_t k = 0; k < s->moves.n; k++) {
            const Raw *raw = &s->moves.m[k];
            memcpy(&child, &pos, sizeof(Pos));
            path.n = 1;
            path.m[0] = *raw;
            apply(&child, raw, t);
            settle(&child, t, &path);
            key_len = make_key(&child, t, key);
            hash = hash_of(key, key_len);
            if (lookup(s, key, key_len, hash, &slot)) continue;
            int64_t index = add_node(s, key, key_len, hash, slot, &child, t, &path, (int64_t)e.node);
            if (index < 0) return NO_MEMORY;
            counter++;
            Entry next = {-score_of(&child, t), counter, (size_t)index};
            if (heap_push(s, next) < 0) return NO_MEMORY;
        }
    }
    *nodes_out = nodes;
    return t->take_back ? UNDECIDED : LOST;
}

/* The stuck check (solver.progress_possible): a depth-first walk over the moves between
 * columns, cells and the talon, unsettled, until a card may go home (or, with whole suits,
 * fewer runs of one suit lie in the columns; with face-down cards, fewer lie face down). */

static long pieces_of(const Pos *p, const Tables *t) {
    long pieces = 0;
    for (int c = 0; c < t->ncols; c++) {
        const uint8_t *col = p->col[c];
        if (!p->len[c]) continue;
        pieces++;
        for (int k = 0; k + 1 < p->len[c]; k++) {
            int a = col[k], b = col[k + 1];
            pieces += b != a - 1 || a % 13 == 0;
        }
    }
    return pieces;
}

static long hidden_of(const Pos *p, const Tables *t) {
    long hidden = 0;
    for (int c = 0; c < t->ncols; c++) {
        for (int k = 0; k < p->len[c]; k++) hidden += p->col[c][k] >= DOWN;
    }
    return hidden;
}

enum { P_FALSE = 0, P_TRUE = 1, P_NONE = 2 };

static int progress_run(Search *s, const Tables *t, Pos *start, long limit) {
    uint8_t key[KEYMAX];
    Path none;
    none.n = 0;
    if (grow_slots(s) < 0) return NO_MEMORY;
    long pieces = t->whole_suits ? pieces_of(start, t) : -1;
    long hidden = t->face_down ? hidden_of(start, t) : -1;
    size_t key_len = make_key(start, t, key), slot;
    uint64_t hash = hash_of(key, key_len);
    lookup(s, key, key_len, hash, &slot);
    if (add_node(s, key, key_len, hash, slot, start, t, &none, -1) < 0) return NO_MEMORY;
    size_t *stack = NULL, depth = 0, cap = 0;
    int verdict = P_FALSE;
    Pos pos, child;
#define PUSH(index)                                                                                \
    do {                                                                                           \
        if (depth == cap) {                                                                        \
            size_t more = cap ? 2 * cap : 1024;                                                    \
            size_t *grown = PyMem_RawRealloc(stack, more * sizeof(size_t));                        \
            if (!grown) {                                                                          \
                verdict = NO_MEMORY;                                                               \
                goto done;                                                                         \
            }                                                                                      \
            stack = grown;                                                                         \
            cap = more;                                                                            \
        }                                                                                          \
        stack[depth++] = (index);                                                                  \
    } while (0)
    PUSH(0);
    while (depth) {
        unpack(s->arena.b + s->nodes[stack[--depth]].pos, t, &pos);
        if (children(&pos, t, &s->moves) < 0) {
            verdict = NO_MEMORY;
            goto done;
        }
        for (size_t k = 0; k < s->moves.n; k++) {
            const Raw *raw = &s->moves.m[k];
            if (raw->dst == 'h') {
                verdict = P_TRUE;
                goto done;
            }
            memcpy(&child, &pos, sizeof(Pos));
            apply(&child, raw, t);
            if ((pieces >= 0 && pieces_of(&child, t) < pieces) ||
                (hidden >= 0 && hidden_of(&child, t) < hidden)) {
                verdict = P_TRUE;
                goto done;
            }
            key_len = make_key(&child, t, key);
            hash = hash_of(key, key_len);
            if (lookup(s, key, key_len, hash, &slot)) continue;
            if ((long)s->nnodes >= limit) {
                verdict = P_NONE;
                goto done;
            }
            int64_t index = add_node(s, key, key_len, hash, slot, &child, t, &none, -1);
            if (index < 0) {
                verdict = NO_MEMORY;
                goto done;
            }
            PUSH((size_t)index);
        }
    }
#undef PUSH
done:
    PyMem_RawFree(stack);
    return verdict;
}

/* --- the Python side --- */

static int read_pile(PyObject *obj, uint8_t *out, int *n, const char *what) {
    char *buf;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(obj, &buf, &len) < 0) return -1;
    if (len > 104) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd cards (104 at most)", what, len);
        return -1;
    }
    memcpy(out, buf, (size_t)len);
    *n = (int)len;
    return 0;
}

static PyObject *raw_tuple(const Raw *r) {
    return Py_BuildValue("(CiCii)", r->src, r->i, r->dst, r->j, r->count);
}

static int append_raws(PyObject *list, const Raw *raws, size_t n) {
    for (size_t k = 0; k < n; k++) {
        PyObject *item = raw_tuple(&raws[k]);
        if (!item || PyList_Append(list, item) < 0) {
            Py_XDECREF(item);
            return -1;
        }
        Py_DECREF(item);
    }
    return 0;
}

static PyObject *line_of(Search *s, const Path *start_path, int64_t won) {
    PyObject *line = PyList_New(0);
    if (!line || append_raws(line, start_path->m, (size_t)start_path->n) < 0) goto fail;
    size_t steps = 0;
    for (int64_t k = won; k >= 0; k = s->nodes[k].parent) steps++;
    int64_t *chain = PyMem_Malloc(steps * sizeof(int64_t) + 1);
    if (!chain) {
        PyErr_NoMemory();
        goto fail;
    }
    size_t n = 0;
    for (int64_t k = won; k >= 0; k = s->nodes[k].parent) chain[n++] = k;
    for (size_t m = n; m-- > 0;) {
        const Node *node = &s->nodes[chain[m]];
        if (append_raws(line, (const Raw *)(s->arena.b + node->path), node->path_len) < 0) {
            PyMem_Free(chain);
            goto fail;
        }
    }
    PyMem_Free(chain);
    return line;
fail:
    Py_XDECREF(line);
    return NULL;
}

/* The rules and the first position from ``args``, the tuple (cols, cells, found, talon,
   fits, builders, flags) of solver._compiled_start; -1 with an exception set. */
static int read_start(PyObject *args, Tables *t, Pos *start) {
    PyObject *cols, *cells, *found, *talon, *fits, *builders, *flags;
    if (!PyArg_ParseTuple(args, "O!SO!OSO!O!", &PyTuple_Type, &cols, &cells, &PyTuple_Type,
                          &found, &talon, &fits, &PyTuple_Type, &builders, &PyTuple_Type, &flags))
        return -1;
    if (PyBytes_GET_SIZE(fits) != 128 * 128) {
        PyErr_SetString(PyExc_ValueError, "fits: 128 rows of 128 bytes");
        goto done;
    }
    memcpy(t->fits, PyBytes_AS_STRING(fits), 128 * 128);
    if (PyTuple_GET_SIZE(builders) != 52) {
        PyErr_SetString(PyExc_ValueError, "builders: one bytes a card");
        goto done;
    }
    for (int c = 0; c < 52; c++) {
        int n;
        if (read_pile(PyTuple_GET_ITEM(builders, c), t->build[c], &n, "builders") < 0) goto done;
        if (n > 52) {
            PyErr_SetString(PyExc_ValueError, "builders: 52 at most a card");
            goto done;
        }
        t->nbuild[c] = (uint8_t)n;
    }
    int *fields[] = {&t->empty,        &t->group,       &t->refill,        &t->whole_suits,
                     &t->draw,         &t->redeals,     &t->keep_waste,    &t->fill_columns,
                     &t->face_down,    &t->to_columns,  &t->deal_on_empty, &t->forced_builds,
                     &t->reserve,      &t->king,        &t->column,        &t->cards,
                     &t->take_back};
    Py_ssize_t nfields = (Py_ssize_t)(sizeof(fields) / sizeof(fields[0]));
    if (PyTuple_GET_SIZE(flags) != nfields) {
        PyErr_Format(PyExc_ValueError, "flags: %zd numbers", nfields);
        goto done;
    }
    for (Py_ssize_t k = 0; k < nfields; k++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(flags, k));
        if (v == -1 && PyErr_Occurred()) goto done;
        *fields[k] = (int)v;
    }
    t->ncols = (int)PyTuple_GET_SIZE(cols);
    t->ncells = (int)PyBytes_GET_SIZE(cells);
    if (t->ncols < 1 || t->ncols > MAXCOLS || t->ncells > MAXCELLS) {
        PyErr_SetString(PyExc_ValueError, "1 to 26 columns, 16 cells at most");
        goto done;
    }
    for (int c = 0; c < t->ncols; c++) {
        int n;
        if (read_pile(PyTuple_GET_ITEM(cols, c), start->col[c], &n, "a column") < 0) goto done;
        start->len[c] = (uint8_t)n;
    }
    memcpy(start->cells, PyBytes_AS_STRING(cells), (size_t)t->ncells);
    if (PyTuple_GET_SIZE(found) != 4) {
        PyErr_SetString(PyExc_ValueError, "found: four heights");
        goto done;
    }
    for (int s = 0; s < 4; s++) {
        start->found[s] = (int)PyLong_AsLong(PyTuple_GET_ITEM(found, s));
        if (start->found[s] == -1 && PyErr_Occurred()) goto done;
    }
    t->has_talon = talon != Py_None;
    if (t->has_talon) {
        if (!PyTuple_Check(talon) || PyTuple_GET_SIZE(talon) != 4) {
            PyErr_SetString(PyExc_ValueError, "talon: (stock, waste, passes, reserve) or None");
            goto done;
        }
        if (read_pile(PyTuple_GET_ITEM(talon, 0), start->stock, &start->nstock, "the stock") < 0 ||
            read_pile(PyTuple_GET_ITEM(talon, 1), start->waste, &start->nwaste, "the waste") < 0 ||
            read_pile(PyTuple_GET_ITEM(talon, 3), start->reserve, &start->nreserve, "the reserve") <
                0)
            goto done;
        start->passes = (int)PyLong_AsLong(PyTuple_GET_ITEM(talon, 2));
        if (start->passes == -1 && PyErr_Occurred()) goto done;
    }
    return 0;
done:
    return -1;
}

static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *start_args;
    long node_limit;
    double time_limit;
    if (!PyArg_ParseTuple(args, "O!ld", &PyTuple_Type, &start_args, &node_limit, &time_limit))
        return NULL;
    Tables *t = PyMem_Calloc(1, sizeof(Tables));
    Pos *start = PyMem_Calloc(1, sizeof(Pos));
    Path *start_path = PyMem_Malloc(sizeof(Path));
    PyObject *result = NULL;
    if (!t || !start || !start_path) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_start(start_args, t, start) < 0) goto done;
    Search s;
    memset(&s, 0, sizeof(s));
    long nodes = 0;
    int64_t won = -1;
    int verdict;
    Py_BEGIN_ALLOW_THREADS;
    verdict = run(&s, t, start, start_path, node_limit, time_limit, &nodes, &won);
    Py_END_ALLOW_THREADS;
    if (verdict == NO_MEMORY) {
        PyErr_NoMemory();
    } else if (verdict == WON) {
        PyObject *line = line_of(&s, start_path, won);
        if (line) result = Py_BuildValue("(OlON)", Py_True, nodes, Py_False, line);
    } else {
        PyObject *v = verdict == LOST ? Py_False : Py_None;
        result = Py_BuildValue("(OlO[])", v, nodes, verdict == CLOCKED ? Py_True : Py_False);
    }
    search_free(&s);
done:
    PyMem_Free(t);
    PyMem_Free(start);
    PyMem_Free(start_path);
    return result;
}

static PyObject *progress(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *start_args;
    long limit;
    if (!PyArg_ParseTuple(args, "O!l", &PyTuple_Type, &start_args, &limit)) return NULL;
    Tables *t = PyMem_Calloc(1, sizeof(Tables));
    Pos *start = PyMem_Calloc(1, sizeof(Pos));
    PyObject *result = NULL;
    if (!t || !start) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_start(start_args, t, start) < 0) goto done;
    Search s;
    memset(&s, 0, sizeof(s));
    int verdict;
    Py_BEGIN_ALLOW_THREADS;
    verdict = progress_run(&s, t, start, limit);
    Py_END_ALLOW_THREADS;
    search_free(&s);
    if (verdict == NO_MEMORY) {
        PyErr_NoMemory();
    } else {
        result = verdict == P_NONE ? Py_None : verdict == P_TRUE ? Py_True : Py_False;
        Py_INCREF(result);
    }
done:
    PyMem_Free(t);
    PyMem_Free(start);
    return result;
}

static PyMethodDef methods[] = {
    {"progress", progress, METH_VARARGS,
     "progress(start, limit) -> True | False | None"},
    {"search", search, METH_VARARGS,
     "search(start, node_limit, time_limit) -> (verdict, positions expanded, clocked, raw line)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_search",
    .m_doc = "The build family's best-first search, compiled (see cardems.kit.building.solver).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
