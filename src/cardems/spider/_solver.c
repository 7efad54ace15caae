/* Spider's searches, compiled: the same searches as cardems.spider.solver.StagedSearch
 * and BeamSearch (the references and the fallbacks), position for position (the tests
 * compare the two's verdicts, lines and positions expanded), many times faster.
 *
 * Cards are faces 0-51 (suit * 13 + rank - 1): copies of a face play alike, so the
 * search never tells them apart. A position packs its columns bottom -> top one after
 * the other in card[], len[i] cards of which the first down[i] lie face down; `stock`
 * counts the cards left in the stock, which deals them from the list given to solve.
 * The table of positions expanded keeps 64-bit hashes of the canonical position (the
 * columns' hashes sorted, as their order does not matter, and the stock's size), where
 * the Python keeps the positions themselves: a false "seen" needs two of the positions
 * of one search to share a 64-bit hash. Memory: that table (16 bytes a position of the
 * budget, allocated once) and the positions the stages on the current path hold, at
 * most max_stored of 144 bytes (the ceiling: past it a stage stops, inexact).
 *
 * solve(columns, down, stock, runs, nodes, seconds, stage, last, branch, max_stored,
 * width, keep, down_weight, empty_weight, supermoves, endgame_laterals, stuck_laterals, twins,
 * join_weight, jitter, salt, deal_rank, ordered) -> (status, line,
 * expanded): status 1 winnable
 * (line: a winning line of (source, target, count), source -1 for a deal, a supermove's
 * count past its top run), 0 lost, -1 undecided; width 0 is the staged search, else the
 * beam (solver.Limits). The beam's memory: the table of positions seen, each stage's
 * positions (up to stage or last expansions' children) and width * keep candidates,
 * each with its line.
 *
 * progress_reachable(columns, down, stock_size, runs, limit): the "stuck" search of
 * rules.SpiderState.stuck (core.stuck.progress_reachable), in the same order. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_cards.h" /* read_cards, mix, set_add, set_has */

#define NCOL 10
#define NCARD 104
#define RUN 13
#define RUNS 8
#define MAXMOVES 1280 /* 10 sources x 9 targets x up to 13 cards, with room */

typedef struct {
    uint8_t len[NCOL];
    uint8_t down[NCOL];
    uint8_t stock;
    uint8_t runs;
    uint8_t card[NCARD];
} Pos;

typedef struct {
    Pos pos;
    int32_t parent;
    int8_t src, dst, cnt;
} Node;

typedef struct {
    int32_t bad;
    int64_t order;
    int32_t node;
} Entry;

typedef struct {
    int8_t src, dst, cnt;
} Move;

typedef struct {
    long long nodes, expanded, stored, max_stored, stage_cap, last_cap;
    int branch, exact, aborted, memory, down_weight, empty_weight, supermoves, endgame_laterals, stuck_laterals;
    int twins, join_weight, jitter, deal_rank, ordered;
    long long salt;
    double deadline; /* < 0: none */
    int64_t counter;
    const uint8_t *stock;
    int stock_total;
    uint64_t *seen;
    uint64_t seen_mask;
    Move *line;
    int line_len, line_cap;
} Search;

static inline int rank_of(int c) { return c % RUN + 1; }
static inline int follows(int lower, int upper) { return lower + 1 == upper && upper % RUN != 0; }

static inline int start_of(const Pos *p, int col) {
    int s = 0;
    for (int i = 0; i < col; i++) s += p->len[i];
    return s;
}

static int run_length(const uint8_t *col, int len, int down) {
    if (len == down) return 0;
    int n = 1;
    while (n < len - down && follows(col[len - n], col[len - n - 1])) n++;
    return n;
}

/* The cards on top of a column that descend by rank, whatever their suits (face up). */
static int natural_length(const uint8_t *col, int len, int down) {
    if (len == down) return 0;
    int n = 1;
    while (n < len - down && rank_of(col[len - n]) + 1 == rank_of(col[len - n - 1])) n++;
    return n;
}

/* How many one-suit runs the top `count` cards of a column make. */
static int segments(const uint8_t *col, int len, int count) {
    int n = 1;
    for (int k = len - count + 1; k < len; k++)
        if (!follows(col[k], col[k - 1])) n++;
    return n;
}

static int badness(const Pos *p, int down_weight, int empty_weight, int join_weight) {
    int score = 0, empty = 0, at = 0;
    for (int i = 0; i < NCOL; i++) {
        const uint8_t *col = p->card + at;
        int len = p->len[i], down = p->down[i];
        at += len;
        if (!len) { empty++; continue; }
        score += down_weight * down;
        for (int k = down + 1; k < len; k++) {
            int lower = col[k], upper = col[k - 1];
            if (!follows(lower, upper)) score += rank_of(upper) == rank_of(lower) + 1 ? join_weight : 3;
        }
    }
    int remaining = RUNS - p->runs;
    return remaining ? score + 6 * remaining - empty_weight * empty : 0;
}

/* solver.Limits.priority: the badness, plus the jitter's share of the position's number
 * (the order it was made in) mixed with the salt. */
static int priority(const Search *s, const Pos *p, int64_t order) {
    int bad = badness(p, s->down_weight, s->empty_weight, s->join_weight);
    if (!s->jitter) return bad;
    uint64_t z = mix((uint64_t)order + (uint64_t)s->salt * 0x9E3779B97F4A7C15ULL);
    return bad + (int)(z % (uint64_t)(s->jitter + 1));
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t key_in_order(const Pos *p, int sorted) {
    uint64_t h[NCOL];
    int at = 0;
    for (int i = 0; i < NCOL; i++) {
        uint64_t v = mix(0x9e3779b97f4a7c15ULL + p->down[i] * 131ULL + p->len[i]);
        for (int k = 0; k < p->len[i]; k++) v = mix(v ^ (p->card[at + k] + 1ULL) * 0x100000001b3ULL);
        h[i] = v;
        at += p->len[i];
    }
    if (sorted) qsort(h, NCOL, sizeof h[0], cmp_u64);
    uint64_t k = mix(p->stock + 7ULL + (sorted ? 0 : 0x5bd1e995ULL));
    for (int i = 0; i < NCOL; i++) k = mix(k ^ h[i]) + (uint64_t)i;
    return k ? k : 1;
}

static uint64_t key_of(const Pos *p) { return key_in_order(p, 1); }

/* solver.Limits.key: the columns in their order while the stock may deal (`ordered`),
 * else sorted. */
static uint64_t search_key(const Search *s, const Pos *p) { return key_in_order(p, !(s->ordered && p->stock)); }

/* Settle the touched columns: a complete run on top goes off, a bare face-down card turns. */
static void settle(Pos *p, int col) {
    int at = start_of(p, col), len = p->len[col], down = p->down[col];
    uint8_t *c = p->card + at;
    if (len - down >= RUN && rank_of(c[len - 1]) == 1 && run_length(c, len, down) >= RUN) {
        int total = start_of(p, NCOL);
        memmove(c + len - RUN, c + len, (size_t)(total - at - len));
        len -= RUN;
        p->len[col] = (uint8_t)len;
        p->runs++;
    }
    if (down && down == len) p->down[col] = (uint8_t)(down - 1);
}

static void apply_move(const Pos *p, Move m, Pos *q) {
    uint8_t moving[NCARD];
    memcpy(moving, p->card + start_of(p, m.src) + p->len[m.src] - m.cnt, (size_t)m.cnt);
    /* Rebuild the columns in order, the run taken off the source and put on the target. */
    *q = *p;
    int at = 0, from = 0;
    for (int i = 0; i < NCOL; i++) {
        int keep = p->len[i] - (i == m.src ? m.cnt : 0);
        memcpy(q->card + at, p->card + from, (size_t)keep);
        from += p->len[i];
        at += keep;
        if (i == m.dst) {
            memcpy(q->card + at, moving, (size_t)m.cnt);
            at += m.cnt;
        }
        q->len[i] = (uint8_t)(keep + (i == m.dst ? m.cnt : 0));
    }
    settle(q, m.dst);
    settle(q, m.src);
}

static void apply_deal(const Search *s, const Pos *p, Pos *q) {
    int dealt = p->stock < NCOL ? p->stock : NCOL;
    const uint8_t *from = s->stock + (s->stock_total - p->stock);
    *q = *p;
    int at = 0, src = 0;
    for (int i = 0; i < NCOL; i++) {
        memcpy(q->card + at, p->card + src, p->len[i]);
        at += p->len[i];
        src += p->len[i];
        if (i < dealt) {
            q->card[at++] = from[i];
            q->len[i]++;
        }
    }
    q->stock = (uint8_t)(p->stock - dealt);
    for (int i = 0; i < dealt; i++) settle(q, i);
}

/* The stock is empty and every card face up (solver.Limits.moves). */
static int endgame(const Pos *p) {
    if (p->stock) return 0;
    for (int i = 0; i < NCOL; i++)
        if (p->down[i]) return 0;
    return 1;
}

static int can_deal(const Pos *p) {
    if (!p->stock) return 0;
    for (int i = 0; i < NCOL; i++)
        if (!p->len[i]) return 0;
    return 1;
}

/* solver._lateral: a move that takes cards off a card one rank higher without making a
 * one-suit run where they land, and does not free that card to go onto a card of its
 * suit one rank higher on top of another column (src and dst excepted). */
static int lateral(const Pos *p, const int *starts, int src, int dst, int count) {
    const uint8_t *col = p->card + starts[src];
    int len = p->len[src];
    if (len - count <= p->down[src]) return 0;
    int lowest = col[len - count], beneath = col[len - count - 1];
    if (rank_of(beneath) != rank_of(lowest) + 1) return 0;
    int plen = p->len[dst];
    if (!(follows(lowest, beneath) || !plen || !follows(lowest, p->card[starts[dst] + plen - 1]))) return 0;
    for (int t = 0; t < NCOL; t++)
        if (t != src && t != dst && p->len[t] && follows(beneath, p->card[starts[t] + p->len[t] - 1])) return 0;
    return 1;
}

/* The moves of solver.successors, deals left out, in its order; sets *dropped when a
 * lateral move was left out (they are all kept with `laterals`). */
static int successors(const Pos *p, int supermoves, int laterals, int arranging, Move *out, int *dropped) {
    int starts[NCOL], first_empty = -1, n = 0, at = 0, empties = 0;
    for (int i = 0; i < NCOL; i++) {
        starts[i] = at;
        at += p->len[i];
        if (!p->len[i]) empties++;
        if (first_empty < 0 && !p->len[i]) first_empty = i;
    }
    for (int src = 0; src < NCOL; src++) {
        const uint8_t *col = p->card + starts[src];
        int len = p->len[src], down = p->down[src];
        int run = run_length(col, len, down);
        if (!run) continue;
        int natural = supermoves ? natural_length(col, len, down) : run;
        int top = rank_of(col[len - 1]);
        for (int dst = 0; dst < NCOL; dst++) {
            int plen = p->len[dst];
            if (dst == src || (!plen && dst != first_empty && !arranging)) continue;
            const uint8_t *pile = p->card + starts[dst];
            int lo, hi, free = empties - !plen;
            if (plen) {
                int count = rank_of(pile[plen - 1]) - top;
                if (count < 1 || count > natural) continue;
                lo = hi = count;
            } else {
                lo = 1;
                hi = natural - (down == 0 && natural == len && !arranging);
            }
            for (int count = lo; count <= hi; count++) {
                if (count > run && segments(col, len, count) > (1 << (free < 6 ? free : 6))) break;
                if (!laterals && lateral(p, starts, src, dst, count))
                    *dropped = 1;
                else
                    out[n++] = (Move){(int8_t)src, (int8_t)dst, (int8_t)count};
            }
        }
    }
    return n;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static int spend(Search *s) {
    s->expanded++;
    if (s->expanded > s->nodes || (s->deadline >= 0 && !(s->expanded % 256) && now() > s->deadline)) {
        s->aborted = 1;
        return 0;
    }
    return 1;
}

/* The stage's frontier: a binary heap on (bad, order). */
typedef struct {
    Entry *e;
    long long n, cap;
} Heap;

static inline int before(const Entry *a, const Entry *b) {
    return a->bad < b->bad || (a->bad == b->bad && a->order < b->order);
}

static int heap_push(Heap *h, Entry x) {
    if (h->n == h->cap) {
        long long cap = h->cap ? h->cap * 2 : 1024;
        Entry *e = realloc(h->e, (size_t)cap * sizeof *e);
        if (!e) return 0;
        h->e = e;
        h->cap = cap;
    }
    long long i = h->n++;
    while (i > 0) {
        long long up = (i - 1) / 2;
        if (!before(&x, &h->e[up])) break;
        h->e[i] = h->e[up];
        i = up;
    }
    h->e[i] = x;
    return 1;
}

static Entry heap_pop(Heap *h) {
    Entry top = h->e[0], last = h->e[--h->n];
    long long i = 0;
    for (;;) {
        long long c = 2 * i + 1;
        if (c >= h->n) break;
        if (c + 1 < h->n && before(&h->e[c + 1], &h->e[c])) c++;
        if (!before(&h->e[c], &last)) break;
        h->e[i] = h->e[c];
        i = c;
    }
    if (h->n) h->e[i] = last;
    return top;
}

static int cmp_entry(const void *a, const void *b) {
    const Entry *x = a, *y = b;
    return before(x, y) ? -1 : before(y, x) ? 1 : 0;
}

/* The stage's positions and its table key -> node (a growing open-addressing map). */
typedef struct {
    Node *node;
    long long n, cap;
    uint64_t *keys;
    uint64_t mask;
} Arena;

static int arena_grow_keys(Arena *a) {
    uint64_t size = (a->mask + 1) * 2;
    uint64_t *keys = calloc(size, sizeof *keys);
    if (!keys) return 0;
    for (uint64_t i = 0; i <= a->mask; i++)
        if (a->keys[i]) set_add(keys, size - 1, a->keys[i]);
    free(a->keys);
    a->keys = keys;
    a->mask = size - 1;
    return 1;
}

/* Add a position unless the stage has it; -1 when it had, -2 out of memory. */
static long long arena_add(Arena *a, const Pos *p, uint64_t key, int32_t parent, Move m) {
    if ((uint64_t)a->n * 2 >= a->mask && !arena_grow_keys(a)) return -2;
    if (!set_add(a->keys, a->mask, key)) return -1;
    if (a->n == a->cap) {
        long long cap = a->cap * 2;
        Node *node = realloc(a->node, (size_t)cap * sizeof *node);
        if (!node) return -2;
        a->node = node;
        a->cap = cap;
    }
    Node *x = &a->node[a->n];
    x->pos = *p;
    x->parent = parent;
    x->src = m.src;
    x->dst = m.dst;
    x->cnt = m.cnt;
    return a->n++;
}

static int line_put(Search *s, int at, Move m) {
    if (s->line_len == s->line_cap) {
        int cap = s->line_cap ? s->line_cap * 2 : 256;
        Move *line = realloc(s->line, (size_t)cap * sizeof *line);
        if (!line) return 0;
        s->line = line;
        s->line_cap = cap;
    }
    memmove(s->line + at + 1, s->line + at, (size_t)(s->line_len - at) * sizeof(Move));
    s->line[at] = m;
    s->line_len++;
    return 1;
}

/* Put the moves from the stage's start to `node` in front of the line. */
static int prepend_path(Search *s, const Arena *a, long long node) {
    for (; a->node[node].parent >= 0; node = a->node[node].parent) {
        const Node *x = &a->node[node];
        if (!line_put(s, 0, (Move){x->src, x->dst, x->cnt})) return 0;
    }
    return 1;
}

/* The moves searched at p (solver.Limits.successors): successors with lateral moves at the
 * endgame (endgame_laterals), or where they are the only moves (stuck_laterals). */
static int search_moves(const Search *s, const Pos *p, Move *out, int *dropped) {
    int arranging = s->ordered && p->stock;
    int n = successors(p, s->supermoves, s->endgame_laterals && endgame(p), arranging, out, dropped);
    if (n || !*dropped || !s->stuck_laterals) return n;
    *dropped = 0;
    return successors(p, s->supermoves, 1, arranging, out, dropped);
}

/* A stage's table of positions, empty, with room for 1024; 0 out of memory. */
static int arena_open(Arena *a) {
    a->cap = 1024;
    a->node = malloc((size_t)a->cap * sizeof *a->node);
    a->mask = 2047;
    a->keys = calloc(a->mask + 1, sizeof *a->keys);
    return a->node && a->keys;
}

/* Free a stage's positions, heap and ready list. */
static void stage_close(Arena *a, Heap *h, Entry *ready) {
    free(a->node);
    free(a->keys);
    free(h->e);
    free(ready);
}

/* The frontier's best position not expanded yet, now expanded (solver.StagedSearch._next):
 * 1 with its entry in *entry (kept in the ready list when the stock may deal there), 0
 * once the heap is empty, -1 when the budget is spent (spend), -2 out of memory. */
static int next_entry(Search *s, const Arena *a, Heap *h, Entry **ready, long long *nready,
                      long long *ready_cap, Entry *entry) {
    while (h->n) {
        Entry e = heap_pop(h);
        const Pos *current = &a->node[e.node].pos;
        if (!set_add(s->seen, s->seen_mask, search_key(s, current))) continue;
        if (!spend(s)) return -1;
        if (can_deal(current)) {
            if (*nready == *ready_cap) {
                *ready_cap = *ready_cap ? *ready_cap * 2 : 64;
                Entry *r = realloc(*ready, (size_t)*ready_cap * sizeof *r);
                if (!r) return -2;
                *ready = r;
            }
            (*ready)[(*nready)++] = e;
        }
        *entry = e;
        return 1;
    }
    return 0;
}

/* Push the positions the n moves lead to from entry's onto the heap, those the stage's
 * arena has left out, each added to it (solver.StagedSearch._grow): the node of a won
 * position as soon as one is met, -1 when none is, -2 out of memory. */
static long long grow(Search *s, Arena *a, Heap *h, Entry entry, const Move *moves, int n) {
    Pos current = a->node[entry.node].pos; /* a copy: adding to the arena may move it */
    for (int i = 0; i < n; i++) {
        Pos child;
        apply_move(&current, moves[i], &child);
        long long node = arena_add(a, &child, search_key(s, &child), entry.node, moves[i]);
        if (node == -2) return -2;
        if (node < 0) continue;
        s->stored++;
        if (child.runs == RUNS) return node;
        int64_t order = s->counter++;
        if (!heap_push(h, (Entry){priority(s, &child, order), -order, (int32_t)node})) return -2;
    }
    return -1;
}

/* 1: a winning line from p is in s->line; 0: none found; s->aborted on budget or memory. */
static int stage(Search *s, const Pos *p) {
    uint64_t start = search_key(s, p);
    if (set_has(s->seen, s->seen_mask, start)) return 0;
    Arena a = {0};
    Heap h = {0};
    Entry *ready = NULL;
    long long nready = 0, ready_cap = 0;
    int result = 0;
    if (!arena_open(&a)) goto memory;
    long long root = arena_add(&a, p, start, -1, (Move){0, 0, 0});
    if (root < 0) goto memory;
    s->stored++;
    int64_t order = s->counter++;
    if (!heap_push(&h, (Entry){priority(s, p, order), -order, 0})) goto memory;
    long long cap = p->stock ? s->stage_cap : s->last_cap, count = 0;
    Move moves[MAXMOVES];
    while (h.n) {
        if ((cap >= 0 && count >= cap) || s->stored >= s->max_stored) {
            s->exact = 0;
            break;
        }
        Entry entry;
        int got = next_entry(s, &a, &h, &ready, &nready, &ready_cap, &entry);
        if (got == -1) goto done;
        if (got == -2) goto memory;
        if (!got) break;
        count++;
        int dropped = 0;
        int n = search_moves(s, &a.node[entry.node].pos, moves, &dropped);
        if (dropped) s->exact = 0;
        long long won = grow(s, &a, &h, entry, moves, n);
        if (won == -2) goto memory;
        if (won >= 0) {
            s->line_len = 0;
            result = prepend_path(s, &a, won) ? 1 : -1;
            if (result < 0) goto memory;
            goto done;
        }
    }
    qsort(ready, (size_t)nready, sizeof *ready, cmp_entry);
    if (nready) s->exact = 0; /* the key sorts the columns, which the deal tells apart */
    for (long long i = 0; i < nready && i < s->branch; i++) {
        Pos dealt;
        apply_deal(s, &a.node[ready[i].node].pos, &dealt);
        int found = stage(s, &dealt);
        if (s->aborted) goto done;
        if (found) {
            if (!line_put(s, 0, (Move){-1, 0, 0}) || !prepend_path(s, &a, ready[i].node)) goto memory;
            result = 1;
            goto done;
        }
    }
    goto done;
memory:
    s->aborted = 1;
    s->memory = 1;
done:
    s->stored -= a.n;
    stage_close(&a, &h, ready);
    return result > 0;
}

/* The beam over the deals (solver.BeamSearch): a candidate is a position just dealt (or
 * the start) and the line that reaches it. */
typedef struct {
    Pos pos;
    Move *line;
    int len;
    int32_t bad;
    int64_t order;
} Cand;

typedef struct {
    Cand *c;
    long long n, cap;
} Cands;

static void cands_free(Cands *cs) {
    for (long long i = 0; i < cs->n; i++) free(cs->c[i].line);
    free(cs->c);
    cs->c = NULL;
    cs->n = cs->cap = 0;
}

static int cmp_cand(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->bad != y->bad) return x->bad < y->bad ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The moves from the arena's root to `node`, after `prefix`, then `extra` (a deal) if
 * extra.src != -2; NULL when out of memory. */
static Move *path_to(const Arena *a, long long node, const Move *prefix, int plen, int extra, int *len) {
    int depth = 0;
    for (long long k = node; a->node[k].parent >= 0; k = a->node[k].parent) depth++;
    int total = plen + depth + extra;
    Move *line = malloc((size_t)(total ? total : 1) * sizeof *line);
    if (!line) return NULL;
    memcpy(line, prefix, (size_t)plen * sizeof *line);
    int at = plen + depth;
    for (long long k = node; a->node[k].parent >= 0; k = a->node[k].parent) {
        const Node *x = &a->node[k];
        line[--at] = (Move){x->src, x->dst, x->cnt};
    }
    if (extra) line[plen + depth] = (Move){-1, 0, 0};
    *len = total;
    return line;
}

/* solver.signature: two positions turned the same cards and sent as many runs home. */
static int twin(const Pos *p, const Pos *q) {
    return p->runs == q->runs && !memcmp(p->down, q->down, NCOL);
}

/* solver.diverse: the indices (into `states`, best first) of the first `count` taking at
 * most `twins` positions of one signature, then of the ones passed over while room is
 * left (twins 0: the first count), in out[]; how many, -1 out of memory. */
static long long diverse(const Pos *const *states, long long n, long long count, int twins, long long *out) {
    long long chosen = 0, npassed = 0, i = 0;
    if (!twins) {
        for (; i < n && i < count; i++) out[i] = i;
        return i;
    }
    long long *passed = malloc((size_t)(n ? n : 1) * sizeof *passed);
    if (!passed) return -1;
    for (; i < n && chosen < count; i++) {
        int same = 0;
        for (long long j = 0; j < chosen; j++) same += twin(states[out[j]], states[i]);
        if (same < twins)
            out[chosen++] = i;
        else
            passed[npassed++] = i;
    }
    for (long long j = 0; j < npassed && chosen < count; j++) out[chosen++] = passed[j];
    free(passed);
    return chosen;
}

/* A best-first search of at most `cap` expansions from the candidate `from` (no deal);
 * its best `keep` positions that may deal are dealt and added to `out`. 1: a win (its
 * line in s->line), 0: none, -1: budget or memory spent (s->aborted). */
static int explore(Search *s, const Cand *from, long long cap, int keep, Cands *out) {
    Arena a = {0};
    Heap h = {0};
    Entry *ready = NULL;
    long long *picks = NULL;
    long long nready = 0, ready_cap = 0;
    int result = 0;
    if (!arena_open(&a)) goto memory;
    if (arena_add(&a, &from->pos, search_key(s, &from->pos), -1, (Move){0, 0, 0}) < 0) goto memory;
    int64_t order = s->counter++;
    if (!heap_push(&h, (Entry){priority(s, &from->pos, order), -order, 0})) goto memory;
    long long count = 0;
    Move moves[MAXMOVES];
    while (count < cap) {
        Entry entry;
        int got = next_entry(s, &a, &h, &ready, &nready, &ready_cap, &entry);
        if (got == -1) goto aborted;
        if (got == -2) goto memory;
        if (!got) break;
        count++;
        int dropped = 0;
        int n = search_moves(s, &a.node[entry.node].pos, moves, &dropped);
        long long won = grow(s, &a, &h, entry, moves, n);
        if (won == -2) goto memory;
        if (won >= 0) {
            int len;
            Move *line = path_to(&a, won, from->line, from->len, 0, &len);
            if (!line) goto memory;
            free(s->line);
            s->line = line;
            s->line_len = s->line_cap = len;
            result = 1;
            goto done;
        }
    }
    if (s->deal_rank)
        for (long long i = 0; i < nready; i++) {
            Pos dealt;
            apply_deal(s, &a.node[ready[i].node].pos, &dealt);
            ready[i].bad = badness(&dealt, s->down_weight, s->empty_weight, s->join_weight);
        }
    qsort(ready, (size_t)nready, sizeof *ready, cmp_entry);
    const Pos **states = malloc((size_t)(nready ? nready : 1) * sizeof *states);
    picks = malloc((size_t)(nready ? nready : 1) * sizeof *picks);
    if (!states || !picks) {
        free(states);
        goto memory;
    }
    for (long long i = 0; i < nready; i++) states[i] = &a.node[ready[i].node].pos;
    long long npicks = diverse(states, nready, keep, s->twins, picks);
    free(states);
    if (npicks < 0) goto memory;
    for (long long k = 0; k < npicks; k++) {
        long long i = picks[k];
        if (out->n == out->cap) {
            long long cap2 = out->cap ? out->cap * 2 : 256;
            Cand *c = realloc(out->c, (size_t)cap2 * sizeof *c);
            if (!c) goto memory;
            out->c = c;
            out->cap = cap2;
        }
        Cand *x = &out->c[out->n];
        apply_deal(s, &a.node[ready[i].node].pos, &x->pos);
        x->line = path_to(&a, ready[i].node, from->line, from->len, 1, &x->len);
        if (!x->line) goto memory;
        x->order = s->counter++;
        x->bad = priority(s, &x->pos, x->order);
        out->n++;
        if (x->pos.runs == RUNS) {
            free(s->line);
            s->line = malloc((size_t)x->len * sizeof *s->line);
            if (!s->line) goto memory;
            memcpy(s->line, x->line, (size_t)x->len * sizeof *s->line);
            s->line_len = s->line_cap = x->len;
            result = 1;
            goto done;
        }
    }
    goto done;
memory:
    s->memory = 1;
aborted:
    s->aborted = 1;
    result = -1;
done:
    free(picks);
    stage_close(&a, &h, ready);
    return result;
}

/* Keep the `width` candidates of the sorted `cs` that solver.diverse picks, in its order
 * (the others' lines freed); 0 out of memory. */
static int select_beam(const Search *s, Cands *cs, int width) {
    long long n = cs->n;
    const Pos **states = malloc((size_t)(n ? n : 1) * sizeof *states);
    long long *picks = malloc((size_t)(n ? n : 1) * sizeof *picks);
    Cand *kept = malloc((size_t)(n ? n : 1) * sizeof *kept);
    char *taken = calloc((size_t)(n ? n : 1), 1);
    long long m = -1;
    if (states && picks && kept && taken) {
        for (long long i = 0; i < n; i++) states[i] = &cs->c[i].pos;
        m = diverse(states, n, width, s->twins, picks);
    }
    if (m >= 0) {
        for (long long k = 0; k < m; k++) {
            kept[k] = cs->c[picks[k]];
            taken[picks[k]] = 1;
        }
        for (long long i = 0; i < n; i++)
            if (!taken[i]) free(cs->c[i].line);
        memcpy(cs->c, kept, (size_t)m * sizeof *kept);
        cs->n = m;
    }
    free(states);
    free(picks);
    free(kept);
    free(taken);
    return m >= 0;
}

/* 1: a winning line in s->line; 0: none found (undecided); -1: budget or memory spent. */
static int beam(Search *s, const Pos *p, int width, int keep) {
    Cands cur = {0}, next = {0};
    int result = 0;
    cur.c = malloc(sizeof *cur.c);
    if (!cur.c) {
        s->memory = s->aborted = 1;
        return -1;
    }
    cur.cap = cur.n = 1;
    cur.c[0] = (Cand){*p, NULL, 0, 0, 0};
    for (;;) {
        int last = !cur.c[0].pos.stock;
        for (long long i = 0; i < cur.n; i++) {
            result = explore(s, &cur.c[i], last ? s->last_cap : s->stage_cap, last ? 0 : keep, &next);
            if (result) goto done;
        }
        if (last || !next.n) break;
        qsort(next.c, (size_t)next.n, sizeof *next.c, cmp_cand);
        if (!select_beam(s, &next, width)) {
            s->memory = s->aborted = 1;
            result = -1;
            goto done;
        }
        cands_free(&cur);
        cur = next;
        next = (Cands){0};
    }
done:
    cands_free(&cur);
    cands_free(&next);
    return result;
}

static int read_position(PyObject *columns, PyObject *down, int stock, int runs, Pos *p);

static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *columns, *down, *stock;
    int runs, branch, width, keep, down_weight, empty_weight, supermoves, endgame_laterals, stuck_laterals, twins;
    int join_weight, jitter, deal_rank, ordered;
    long long salt;
    long long nodes, stage_cap, last_cap, max_stored;
    double seconds;
    if (!PyArg_ParseTuple(args, "OOOiLdLLiLiiiipppiiiLpp", &columns, &down, &stock, &runs, &nodes, &seconds,
                          &stage_cap, &last_cap, &branch, &max_stored, &width, &keep, &down_weight,
                          &empty_weight, &supermoves, &endgame_laterals, &stuck_laterals, &twins,
                          &join_weight, &jitter, &salt, &deal_rank,
                          &ordered))
        return NULL;
    if (runs < 0 || runs > RUNS || nodes < 0 || stage_cap < 1 || last_cap < 1 || branch < 1 ||
        max_stored < 1 || width < 0 || keep < 1 || down_weight < 0 || empty_weight < 0 || twins < 0 || join_weight < 0 || jitter < 0 ||
        salt < 0) {
        PyErr_SetString(PyExc_ValueError, "bad runs, nodes, stage, branch, ceiling, width, keep, twins or weight");
        return NULL;
    }
    Pos p;
    int at = read_position(columns, down, 0, runs, &p);
    if (at < 0) return NULL;
    uint8_t stock_cards[NCARD];
    int nstock = read_cards(stock, stock_cards, NCARD - at, "stock");
    if (nstock < 0) return NULL;
    p.stock = (uint8_t)nstock;
    p.runs = (uint8_t)runs;

    Search s;
    memset(&s, 0, sizeof s);
    s.nodes = nodes;
    s.stage_cap = stage_cap;
    s.last_cap = last_cap;
    s.branch = branch;
    s.max_stored = max_stored;
    s.down_weight = down_weight;
    s.empty_weight = empty_weight;
    s.endgame_laterals = endgame_laterals;
    s.stuck_laterals = stuck_laterals;
    s.twins = twins;
    s.join_weight = join_weight;
    s.jitter = jitter;
    s.salt = salt;
    s.deal_rank = deal_rank;
    s.ordered = ordered;
    s.supermoves = supermoves;
    s.exact = 1;
    s.stock = stock_cards;
    s.stock_total = nstock;
    s.deadline = seconds < 0 ? -1 : now() + seconds;
    uint64_t size = 1024;
    while (size < (uint64_t)nodes * 2 + 2) size <<= 1;
    s.seen = calloc(size, sizeof *s.seen);
    if (!s.seen) return PyErr_NoMemory();
    s.seen_mask = size - 1;
    int found = 0;
    Py_BEGIN_ALLOW_THREADS
    if (p.runs < RUNS) found = width ? beam(&s, &p, width, keep) > 0 : stage(&s, &p);
    Py_END_ALLOW_THREADS
    free(s.seen);
    if (s.memory) {
        free(s.line);
        return PyErr_NoMemory();
    }
    int status = p.runs == RUNS || found ? 1 : s.aborted || !s.exact || width ? -1 : 0;
    PyObject *line = PyList_New(0);
    if (!line) {
        free(s.line);
        return NULL;
    }
    for (int i = 0; status == 1 && i < s.line_len; i++) {
        PyObject *t = Py_BuildValue("(iii)", s.line[i].src, s.line[i].dst, s.line[i].cnt);
        if (!t || PyList_Append(line, t)) {
            Py_XDECREF(t);
            Py_DECREF(line);
            free(s.line);
            return NULL;
        }
        Py_DECREF(t);
    }
    free(s.line);
    return Py_BuildValue("(iNL)", status, line, p.runs == RUNS ? 0LL : s.expanded);
}

/* rules.SpiderState.legal_moves without the deal, in its order: every run size onto
 * every empty column, the one fitting count onto a card one rank higher. */
static int legal_moves(const Pos *p, Move *out) {
    int starts[NCOL], n = 0, at = 0;
    for (int i = 0; i < NCOL; i++) {
        starts[i] = at;
        at += p->len[i];
    }
    for (int src = 0; src < NCOL; src++) {
        const uint8_t *col = p->card + starts[src];
        int run = run_length(col, p->len[src], p->down[src]);
        if (!run) continue;
        for (int dst = 0; dst < NCOL; dst++) {
            if (dst == src) continue;
            int plen = p->len[dst];
            if (!plen) {
                for (int count = 1; count <= run; count++) out[n++] = (Move){(int8_t)src, (int8_t)dst, (int8_t)count};
                continue;
            }
            int count = rank_of(p->card[starts[dst] + plen - 1]) - rank_of(col[p->len[src] - 1]);
            if (count >= 1 && count <= run) out[n++] = (Move){(int8_t)src, (int8_t)dst, (int8_t)count};
        }
    }
    return n;
}

static int progress(const Pos *p) {
    int down = 0;
    for (int i = 0; i < NCOL; i++) down += p->down[i];
    return RUN * p->runs - p->stock - down;
}

/* core.stuck.progress_reachable over rules' successors, in the same order: 1 when a
 * position reachable from p has more progress, 0 when none has (stuck), -1 past `limit`
 * positions seen, -2 out of memory. The stock is known only by its size here: a deal
 * is progress, so the search never looks past one. */
static int progress_reachable(const Pos *p, long long limit) {
    uint64_t size = 1024;
    while (size < (uint64_t)limit * 2 + 2) size <<= 1;
    uint64_t *seen = calloc(size, sizeof *seen);
    Pos *queue = malloc((size_t)(limit + 1) * sizeof *queue);
    int result = 0;
    if (!seen || !queue) {
        result = -2;
        goto done;
    }
    int now_progress = progress(p);
    set_add(seen, size - 1, key_of(p));
    long long head = 0, tail = 0, count = 1;
    queue[tail++] = *p;
    Move moves[MAXMOVES];
    while (head < tail) {
        Pos current = queue[head++];
        int n = legal_moves(&current, moves);
        for (int i = 0; i < n; i++) {
            Pos after;
            apply_move(&current, moves[i], &after);
            if (progress(&after) > now_progress) {
                result = 1;
                goto done;
            }
            uint64_t k = key_of(&after);
            if (set_has(seen, size - 1, k)) continue;
            if (count >= limit) {
                result = -1;
                goto done;
            }
            set_add(seen, size - 1, k);
            count++;
            queue[tail++] = after;
        }
        if (can_deal(&current)) {
            result = 1;
            goto done;
        }
    }
done:
    free(seen);
    free(queue);
    return result;
}

static int read_position(PyObject *columns, PyObject *down, int stock, int runs, Pos *p) {
    memset(p, 0, sizeof *p);
    uint8_t downs[NCOL];
    if (read_cards(down, downs, NCOL, "down") != NCOL) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "down: ten counts");
        return -1;
    }
    PyObject *cols = PySequence_Fast(columns, "columns");
    if (!cols) return -1;
    if (PySequence_Fast_GET_SIZE(cols) != NCOL) {
        Py_DECREF(cols);
        PyErr_SetString(PyExc_ValueError, "columns: ten columns");
        return -1;
    }
    int at = 0;
    for (int i = 0; i < NCOL; i++) {
        int n = read_cards(PySequence_Fast_GET_ITEM(cols, i), p->card + at, NCARD - at, "columns");
        if (n < 0) {
            Py_DECREF(cols);
            return -1;
        }
        if (downs[i] > n || (n && downs[i] == n)) {
            Py_DECREF(cols);
            PyErr_SetString(PyExc_ValueError, "a column's top card is face down");
            return -1;
        }
        p->len[i] = (uint8_t)n;
        p->down[i] = downs[i];
        at += n;
    }
    Py_DECREF(cols);
    if (runs < 0 || runs > RUNS || stock < 0 || stock > NCARD - at) {
        PyErr_SetString(PyExc_ValueError, "bad runs or stock");
        return -1;
    }
    p->stock = (uint8_t)stock;
    p->runs = (uint8_t)runs;
    return at;
}

static PyObject *py_progress_reachable(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *columns, *down;
    int stock, runs;
    long long limit;
    if (!PyArg_ParseTuple(args, "OOiiL", &columns, &down, &stock, &runs, &limit)) return NULL;
    if (limit < 1) {
        PyErr_SetString(PyExc_ValueError, "limit: at least 1");
        return NULL;
    }
    Pos p;
    if (read_position(columns, down, stock, runs, &p) < 0) return NULL;
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = progress_reachable(&p, limit);
    Py_END_ALLOW_THREADS
    if (result == -2) return PyErr_NoMemory();
    if (result < 0) Py_RETURN_NONE;
    return PyBool_FromLong(result);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Search a Spider position (see the module's source)."},
    {"progress_reachable", py_progress_reachable, METH_VARARGS,
     "progress_reachable(columns, down, stock_size, runs, limit): True, False (stuck) or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_solver", "Spider's compiled staged search.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__solver(void) { return PyModule_Create(&module); }
