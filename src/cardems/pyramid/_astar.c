/* Pyramid's searches, compiled. The A*: the same search as cardems.kit.pairs.shortest.ShortestSearch,
 * node for node and move for move (the tests compare the two), many times faster. The
 * Python search stays the reference and the fallback where this module was not built.
 *
 * A node packs into 64 bits: the pyramid's removed mask (bits 0-27), the pool's gone mask
 * (bits 28-51), the cursor (52-56) and the recycles made (57-58). Buckets by f, each a
 * stack (last pushed, first popped), as the Python lists are. A move is coded 0 (draw),
 * 1 (recycle) or 2 + 32 * a + b for a removal of places a and b (b = 0: a king alone;
 * places 1-28 are positions, 29 the stock's top, 30 the waste's). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NPOS 28
#define FULL ((1u << NPOS) - 1)
#define STOCK_TOP 29
#define WASTE_TOP 30
#define INFO_SIZE 8192

static uint32_t cover[NPOS], below[NPOS];

typedef struct {
    uint32_t removed;
    int used;
    uint32_t free;
    int estimate; /* -1: a class needs more pool cards than the whole pool has */
    int nshort;
    uint8_t short_value[6], low_over[6], high_over[6];
} Info;

typedef struct {
    uint64_t key;
    uint32_t parent;
    uint16_t move;
    uint8_t g, h;
} Entry;

typedef struct {
    uint32_t *items;
    size_t len, cap;
} Bucket;

typedef struct {
    uint8_t values[NPOS];
    uint8_t pool[24];
    int npool;
    uint32_t all_pool, pool_of_value[14];
    int limit; /* 0: unlimited */
    Info *info;
    Entry *entries;
    size_t nentries, cap_entries;
    uint32_t *table;
    size_t table_size;
    Bucket *buckets;
    size_t nbuckets;
} Search;

static void init_layout(void) {
    for (int r = 0, i = 0; r < 7; r++)
        for (int k = 0; k <= r; k++, i++)
            cover[i] = r == 6 ? 0 : (1u << ((r + 1) * (r + 2) / 2 + k)) | (1u << ((r + 1) * (r + 2) / 2 + k + 1));
    for (int i = NPOS - 1; i >= 0; i--) {
        below[i] = cover[i];
        for (int j = 0; j < NPOS; j++)
            if (cover[i] >> j & 1) below[i] |= below[j];
    }
}

static inline int low_bit(uint32_t mask) { return __builtin_ctz(mask); }
static inline int high_bit(uint32_t mask) { return 31 - __builtin_clz(mask); }

static int augment(int low, const int *highs, int nhigh, int *match, int *seen) {
    for (int k = 0; k < nhigh; k++) {
        int high = highs[k];
        if (seen[k] || below[low] >> high & 1 || below[high] >> low & 1) continue;
        seen[k] = 1;
        if (match[k] < 0 || augment(match[k], highs, nhigh, match, seen)) {
            match[k] = low;
            return 1;
        }
    }
    return 0;
}

/* The largest matching of lows with highs where neither card lies under the other. */
static int matching(const int *lows, int nlow, const int *highs, int nhigh) {
    int match[NPOS], matched = 0;
    for (int k = 0; k < nhigh; k++) match[k] = -1;
    for (int l = 0; l < nlow; l++) {
        int seen[NPOS] = {0};
        matched += augment(lows[l], highs, nhigh, match, seen);
    }
    return matched;
}

static Info *info_of(Search *s, uint32_t removed) {
    size_t slot = (removed * 2654435761u) & (INFO_SIZE - 1);
    while (s->info[slot].used && s->info[slot].removed != removed) slot = (slot + 1) & (INFO_SIZE - 1);
    Info *info = &s->info[slot];
    if (info->used) return info;
    info->used = 1;
    info->removed = removed;
    info->free = 0;
    for (int i = 0; i < NPOS; i++)
        if (!(removed >> i & 1) && !(cover[i] & ~removed)) info->free |= 1u << i;
    int counts[14] = {0};
    for (int i = 0; i < NPOS; i++)
        if (!(removed >> i & 1)) counts[s->values[i]]++;
    int estimate = counts[13];
    for (int v = 1; v < 7; v++) estimate += counts[v] > counts[13 - v] ? counts[v] : counts[13 - v];
    info->estimate = estimate;
    info->nshort = 0;
    for (int v = 1; v < 7; v++) {
        int lows[NPOS], highs[NPOS], nlow = 0, nhigh = 0;
        for (int i = 0; i < NPOS; i++) {
            if (removed >> i & 1) continue;
            if (s->values[i] == v) lows[nlow++] = i;
            if (s->values[i] == 13 - v) highs[nhigh++] = i;
        }
        int matched = matching(lows, nlow, highs, nhigh);
        int low_over = nlow - matched, high_over = nhigh - matched;
        if (!low_over && !high_over) continue;
        if (low_over > __builtin_popcount(s->pool_of_value[13 - v]) || high_over > __builtin_popcount(s->pool_of_value[v])) {
            info->estimate = -1;
            break;
        }
        info->short_value[info->nshort] = (uint8_t)v;
        info->low_over[info->nshort] = (uint8_t)low_over;
        info->high_over[info->nshort++] = (uint8_t)high_over;
    }
    return info;
}

/* The estimate of the removals left, or -1 for a lost node (see cardems.pyramid.pruning). */
static int estimate(Search *s, uint32_t removed, uint32_t gone) {
    Info *info = info_of(s, removed);
    if (info->estimate < 0) return -1;
    for (int k = 0; k < info->nshort; k++) {
        int v = info->short_value[k];
        if (info->low_over[k] > __builtin_popcount(s->pool_of_value[13 - v] & ~gone)) return -1;
        if (info->high_over[k] > __builtin_popcount(s->pool_of_value[v] & ~gone)) return -1;
    }
    return info->estimate;
}

static inline uint64_t pack(uint32_t removed, uint32_t gone, int cursor, int recycles) {
    return (uint64_t)removed | (uint64_t)gone << 28 | (uint64_t)cursor << 52 | (uint64_t)recycles << 57;
}

static inline uint64_t mix(uint64_t key) {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return key;
}

static int grow_table(Search *s) {
    size_t size = s->table_size ? s->table_size * 2 : 1 << 16;
    uint32_t *table = calloc(size, sizeof(uint32_t));
    if (!table) return -1;
    for (size_t e = 0; e < s->nentries; e++) {
        size_t slot = mix(s->entries[e].key) & (size - 1);
        while (table[slot]) slot = (slot + 1) & (size - 1);
        table[slot] = (uint32_t)e + 1;
    }
    free(s->table);
    s->table = table;
    s->table_size = size;
    return 0;
}

/* The entry of key, or -1 when there is none; *slot_out is where it goes. */
static long find(Search *s, uint64_t key, size_t *slot_out) {
    size_t slot = mix(key) & (s->table_size - 1);
    while (s->table[slot]) {
        uint32_t e = s->table[slot] - 1;
        if (s->entries[e].key == key) return e;
        slot = (slot + 1) & (s->table_size - 1);
    }
    *slot_out = slot;
    return -1;
}

/* items (len of them, room for *cap, each size bytes) with room for one more: doubled
 * when full, to first the first time (*cap updated); NULL when out of memory, items then
 * left as they were. */
static void *room_for_one(void *items, size_t len, size_t *cap, size_t first, size_t size) {
    if (len < *cap) return items;
    size_t n = *cap ? *cap * 2 : first;
    void *more = realloc(items, n * size);
    if (more) *cap = n;
    return more;
}

static long add_entry(Search *s, uint64_t key, size_t slot) {
    Entry *entries = room_for_one(s->entries, s->nentries, &s->cap_entries, 1 << 15, sizeof(Entry));
    if (!entries) return -1;
    s->entries = entries;
    s->entries[s->nentries].key = key;
    s->table[slot] = (uint32_t)s->nentries + 1;
    s->nentries++;
    if (s->nentries * 2 > s->table_size && grow_table(s) < 0) return -1;
    return (long)s->nentries - 1;
}

static int push(Search *s, size_t f, uint32_t e) {
    if (f >= s->nbuckets) {
        size_t n = f + 16;
        Bucket *buckets = realloc(s->buckets, n * sizeof(Bucket));
        if (!buckets) return -1;
        memset(buckets + s->nbuckets, 0, (n - s->nbuckets) * sizeof(Bucket));
        s->buckets = buckets;
        s->nbuckets = n;
    }
    Bucket *b = &s->buckets[f];
    uint32_t *items = room_for_one(b->items, b->len, &b->cap, 64, sizeof(uint32_t));
    if (!items) return -1;
    b->items = items;
    b->items[b->len++] = e;
    return 0;
}

typedef struct {
    uint16_t move;
    uint32_t removed, gone;
    int cursor, recycles;
} Child;

static int successors(Search *s, uint64_t node, Child *out) {
    uint32_t removed = (uint32_t)(node & FULL), gone = (uint32_t)(node >> 28 & 0xffffff);
    int cursor = (int)(node >> 52 & 31), recycles = (int)(node >> 57 & 3);
    uint32_t free = info_of(s, removed)->free;
    uint32_t present = s->all_pool & ~gone;
    uint32_t under = present & ((1u << cursor) - 1);
    int waste = under ? high_bit(under) : -1;
    uint32_t ahead = cursor < 32 ? present >> cursor : 0;
    int stock = ahead ? cursor + low_bit(ahead) : -1;
    int after = waste >= 0 ? ((under ^ (1u << waste)) ? high_bit(under ^ (1u << waste)) + 1 : 0) : 0;
    int n = 0;
#define CHILD(m, r, g, c, y) (out[n++] = (Child){(uint16_t)(m), (r), (g), (c), (y)})
    for (uint32_t rest = free; rest; rest &= rest - 1) {
        int i = low_bit(rest);
        if (s->values[i] == 13) { /* every win removes it; it commutes with every move */
            CHILD(2 + 32 * (i + 1), removed | 1u << i, gone, cursor, recycles);
            return n;
        }
    }
    for (uint32_t rest = free; rest; rest &= rest - 1) {
        int i = low_bit(rest);
        int v = s->values[i];
        for (uint32_t more = rest & (rest - 1); more; more &= more - 1) {
            int j = low_bit(more);
            if (v + s->values[j] == 13) CHILD(2 + 32 * (i + 1) + j + 1, removed | 1u << i | 1u << j, gone, cursor, recycles);
        }
        if (stock >= 0 && v + s->pool[stock] == 13)
            CHILD(2 + 32 * (i + 1) + STOCK_TOP, removed | 1u << i, gone | 1u << stock, cursor, recycles);
        if (waste >= 0 && v + s->pool[waste] == 13)
            CHILD(2 + 32 * (i + 1) + WASTE_TOP, removed | 1u << i, gone | 1u << waste, after, recycles);
    }
    if (stock >= 0 && s->pool[stock] == 13) CHILD(2 + 32 * STOCK_TOP, removed, gone | 1u << stock, cursor, recycles);
    if (waste >= 0) {
        if (s->pool[waste] == 13) CHILD(2 + 32 * WASTE_TOP, removed, gone | 1u << waste, after, recycles);
        if (stock >= 0 && s->pool[stock] + s->pool[waste] == 13)
            CHILD(2 + 32 * STOCK_TOP + WASTE_TOP, removed, gone | 1u << stock | 1u << waste, after, recycles);
    }
    if (stock >= 0)
        CHILD(0, removed, gone, stock + 1, recycles);
    else if (waste >= 0 && (s->limit == 0 || recycles + 1 < s->limit))
        CHILD(1, removed, gone, 0, s->limit == 0 ? 0 : recycles + 1);
#undef CHILD
    return n;
}

static void release(Search *s) {
    free(s->info);
    free(s->entries);
    free(s->table);
    for (size_t f = 0; f < s->nbuckets; f++) free(s->buckets[f].items);
    free(s->buckets);
}

/* 1: won (line in *line_out), 0: no win, -1: node limit, -2: out of memory. */
/* The A* without Python (run with the GIL released): 1 won (the last move and the entry
 * it was made from in *goal_move, *goal_parent; UINT32_MAX: won already), 0 no win, -1
 * node limit hit, -2 out of memory. */
static int run(Search *s, uint32_t removed0, int cursor0, int recycles0, long node_limit, long *expanded_out,
               uint16_t *goal_move, uint32_t *goal_parent) {
    long expanded = 0;
    int status = 0;
    *goal_parent = UINT32_MAX;
    *expanded_out = 0;
    if (removed0 == FULL) return 1;
    int h = estimate(s, removed0, 0);
    if (h < 0) return 0;
    if (grow_table(s) < 0) return -2;
    uint64_t start = pack(removed0, 0, cursor0, recycles0);
    size_t slot;
    find(s, start, &slot);
    long e0 = add_entry(s, start, slot);
    if (e0 < 0) return -2;
    s->entries[e0] = (Entry){start, UINT32_MAX, 0, 0, (uint8_t)h};
    if (push(s, (size_t)h, (uint32_t)e0) < 0) return -2;
    Child children[NPOS * NPOS + 8];
    long goal = -1;
    for (size_t f = (size_t)h; f < s->nbuckets && goal < 0;) {
        Bucket *b = &s->buckets[f];
        if (!b->len) {
            f++;
            continue;
        }
        uint32_t e = b->items[--b->len];
        Entry node = s->entries[e];
        if ((size_t)node.g + node.h != f) continue; /* reached again more cheaply */
        expanded++;
        if (node_limit > 0 && expanded > node_limit) {
            status = -1;
            break;
        }
        int n = successors(s, node.key, children);
        int g = node.g + 1;
        for (int k = 0; k < n; k++) {
            Child *c = &children[k];
            uint64_t key = pack(c->removed, c->gone, c->cursor, c->recycles);
            long found = find(s, key, &slot);
            if (found >= 0 && s->entries[found].g <= g) continue;
            if (c->removed == FULL) {
                goal = 1;
                *goal_move = c->move;
                *goal_parent = e;
                break;
            }
            int hc = estimate(s, c->removed, c->gone);
            if (hc < 0) continue;
            if (found < 0) {
                found = add_entry(s, key, slot);
                if (found < 0) return -2;
            }
            s->entries[found].g = (uint8_t)g;
            s->entries[found].h = (uint8_t)hc;
            s->entries[found].parent = e;
            s->entries[found].move = c->move;
            if (push(s, (size_t)(g + hc), (uint32_t)found) < 0) return -2;
        }
    }
    *expanded_out = expanded;
    if (status < 0) return status;
    return goal < 0 ? 0 : 1;
}

/* The winning line run found, as move codes (with the GIL held). */
static PyObject *line_of(const Search *s, uint16_t goal_move, uint32_t goal_parent) {
    PyObject *line = PyList_New(0);
    if (!line || goal_parent == UINT32_MAX) return line;
    PyObject *item = PyLong_FromLong(goal_move);
    if (!item || PyList_Append(line, item) < 0) goto failed;
    Py_DECREF(item);
    for (uint32_t e = goal_parent; s->entries[e].parent != UINT32_MAX; e = s->entries[e].parent) {
        item = PyLong_FromLong(s->entries[e].move);
        if (!item || PyList_Append(line, item) < 0) goto failed;
        Py_DECREF(item);
    }
    if (PyList_Reverse(line) == 0) return line;
    item = NULL;
failed:
    Py_XDECREF(item);
    Py_DECREF(line);
    return NULL;
}

/* Fills s from the arguments; the error's words, or NULL. */
static const char *check_input(Search *s, const Py_buffer *values, const Py_buffer *pool, unsigned long removed, int cursor, int recycles, int limit) {
    if (values->len != NPOS) return "values: 28 bytes expected";
    if (pool->len > 24) return "pool: 24 bytes at most";
    if (removed > FULL) return "removed: a 28-bit mask expected";
    if (cursor < 0 || cursor > pool->len) return "cursor out of range";
    if (limit < 0 || limit > 3 || recycles < 0 || recycles > 3 || (limit && recycles >= limit)) return "passes out of range";
    memcpy(s->values, values->buf, NPOS);
    memcpy(s->pool, pool->buf, (size_t)pool->len);
    s->npool = (int)pool->len;
    for (int i = 0; i < NPOS; i++)
        if (!(removed >> i & 1) && (s->values[i] < 1 || s->values[i] > 13)) return "values: 1-13 expected";
    for (int j = 0; j < s->npool; j++)
        if (s->pool[j] < 1 || s->pool[j] > 13) return "pool: values 1-13 expected";
    s->all_pool = s->npool ? (uint32_t)((1ull << s->npool) - 1) : 0;
    for (int j = 0; j < s->npool; j++) s->pool_of_value[s->pool[j]] |= 1u << j;
    s->limit = limit;
    return NULL;
}

/* Both searches' arguments (values, pool, removed, cursor, recycles, passes, node_limit),
 * read and checked into a zeroed s whose table is allocated: 0, or -1 with the exception
 * set. */
typedef struct {
    unsigned long removed;
    int cursor, recycles, limit;
    long node_limit;
} Args;

static int open_search(PyObject *args, Search *s, Args *a) {
    Py_buffer values, pool;
    if (!PyArg_ParseTuple(args, "y*y*kiiil", &values, &pool, &a->removed, &a->cursor, &a->recycles, &a->limit, &a->node_limit))
        return -1;
    memset(s, 0, sizeof *s);
    const char *error = check_input(s, &values, &pool, a->removed, a->cursor, a->recycles, a->limit);
    PyBuffer_Release(&values);
    PyBuffer_Release(&pool);
    if (error) {
        PyErr_SetString(PyExc_ValueError, error);
        return -1;
    }
    s->info = calloc(INFO_SIZE, sizeof(Info));
    if (!s->info) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static PyObject *search(PyObject *self, PyObject *args) {
    Search s;
    Args a;
    if (open_search(args, &s, &a) < 0) return NULL;
    long expanded = 0;
    uint16_t goal_move = 0;
    uint32_t goal_parent = UINT32_MAX;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = run(&s, (uint32_t)a.removed, a.cursor, a.limit ? a.recycles : 0, a.node_limit, &expanded, &goal_move,
                 &goal_parent);
    Py_END_ALLOW_THREADS;
    PyObject *line = status == 1 ? line_of(&s, goal_move, goal_parent) : NULL;
    release(&s);
    if (status == -2) return PyErr_NoMemory();
    if (status == 1) return line ? Py_BuildValue("(iNl)", 1, line, expanded) : NULL;
    return Py_BuildValue("(iOl)", status, Py_None, expanded);
}

/* The decision search: cardems.kit.pairs.decide.WinSearch, position for position (see its
 * docstring). The table maps a frame (removed | left << 28) to the chain position it was
 * first entered at, r * 32 + k (-1: a whole ring, unlimited passes). */

#define WHOLE_CHAIN (-1)
#define END_POSITION (1 << 30)

typedef struct {
    uint64_t key; /* removed | left << 28, plus 1 (0: an empty slot) */
    int32_t position;
} Mark;

typedef struct {
    int estimate, index, steps;
    uint16_t move;
    uint32_t removed, left;
    int recycles, in_waste;
} Kid;

typedef struct {
    Search *s;
    Mark *marks;
    size_t nmarks, cap_marks;
    Kid *kids, *sorted;
    size_t nkids, cap_kids;
    long visited, node_limit;
    int whole;
    uint16_t *line;
    size_t nline, cap_line;
} Win;

static Mark *mark_of(Win *w, uint64_t key, int *found) {
    if ((w->nmarks + 1) * 2 > w->cap_marks) {
        size_t cap = w->cap_marks ? w->cap_marks * 2 : 1 << 14;
        Mark *marks = calloc(cap, sizeof(Mark));
        if (!marks) return NULL;
        for (size_t e = 0; e < w->cap_marks; e++) {
            if (!w->marks[e].key) continue;
            size_t slot = mix(w->marks[e].key) & (cap - 1);
            while (marks[slot].key) slot = (slot + 1) & (cap - 1);
            marks[slot] = w->marks[e];
        }
        free(w->marks);
        w->marks = marks;
        w->cap_marks = cap;
    }
    key += 1;
    size_t slot = mix(key) & (w->cap_marks - 1);
    while (w->marks[slot].key && w->marks[slot].key != key) slot = (slot + 1) & (w->cap_marks - 1);
    *found = w->marks[slot].key != 0;
    if (!*found) {
        w->marks[slot].key = key;
        w->nmarks++;
    }
    return &w->marks[slot];
}

static uint32_t canonical(const Search *s, uint32_t left) {
    uint32_t out = 0;
    int j = 0;
    for (uint32_t rest = left; rest; rest &= rest - 1) {
        int i = low_bit(rest);
        while (s->pool[j] != s->pool[i]) j++;
        out |= 1u << j++;
    }
    return out;
}

static int add_kid(Win *w, size_t base, int steps, int move, uint32_t removed, uint32_t left, int recycles, int in_waste) {
    if (w->nkids == w->cap_kids) {
        size_t cap = w->cap_kids ? w->cap_kids * 2 : 4096;
        Kid *kids = realloc(w->kids, cap * sizeof(Kid));
        if (!kids) return -1;
        w->kids = kids;
        Kid *sorted = realloc(w->sorted, cap * sizeof(Kid));
        if (!sorted) return -1;
        w->sorted = sorted;
        w->cap_kids = cap;
    }
    left = canonical(w->s, left);
    int h = removed == FULL ? -2 : estimate(w->s, removed, w->s->all_pool & ~left);
    w->kids[w->nkids] = (Kid){h, (int)(w->nkids - base), steps, (uint16_t)move, removed, left, recycles, in_waste};
    w->nkids++;
    return 0;
}

/* Best first: a stable counting sort of kids[base..] by estimate (-2 to 40). */
static void sort_kids(Win *w, size_t base) {
    size_t counts[44] = {0}, n = w->nkids - base;
    for (size_t t = 0; t < n; t++) counts[w->kids[base + t].estimate + 3]++;
    for (int e = 1; e < 44; e++) counts[e] += counts[e - 1];
    for (size_t t = 0; t < n; t++) w->sorted[counts[w->kids[base + t].estimate + 2]++] = w->kids[base + t];
    memcpy(w->kids + base, w->sorted, n * sizeof(Kid));
}

static int push_move(Win *w, int move) {
    uint16_t *line = room_for_one(w->line, w->nline, &w->cap_line, 128, sizeof(uint16_t));
    if (!line) return -1;
    w->line = line;
    w->line[w->nline++] = (uint16_t)move;
    return 0;
}

/* The draws and recycles of `steps` along a chain, pushed last first. */
static int push_walk(Win *w, int recycles, int in_waste, int count, int steps) {
    uint16_t walk[80];
    int r = recycles, k = in_waste;
    for (int t = 0; t < steps; t++) {
        if (k < count) {
            walk[t] = 0;
            k++;
        } else {
            walk[t] = 1;
            k = 0;
            r = w->whole ? 0 : r + 1;
        }
    }
    for (int t = steps - 1; t >= 0; t--)
        if (push_move(w, walk[t]) < 0) return -1;
    return 0;
}

/* 1: won (the line pushed last move first), 0: no win, -1: limit, -2: out of memory. */
static int frame(Win *w, uint32_t removed, uint32_t left, int recycles, int in_waste) {
    Search *s = w->s;
    int found, position = recycles * 32 + in_waste;
    Mark *mark = mark_of(w, (uint64_t)removed | (uint64_t)left << 28, &found);
    if (!mark) return -2;
    if (found && (w->whole || mark->position <= position)) return 0;
    int stop = found ? mark->position : END_POSITION;
    mark->position = w->whole ? WHOLE_CHAIN : position;
    size_t base = w->nkids;
    uint32_t free = info_of(s, removed)->free;
    int king = -1;
    for (uint32_t rest = free; rest && king < 0; rest &= rest - 1)
        if (s->values[low_bit(rest)] == 13) king = low_bit(rest);
    if (king >= 0) {
        if (add_kid(w, base, 0, 2 + 32 * (king + 1), removed | 1u << king, left, recycles, in_waste) < 0) return -2;
    } else {
        for (uint32_t rest = free; rest; rest &= rest - 1) {
            int i = low_bit(rest);
            for (uint32_t more = rest & (rest - 1); more; more &= more - 1) {
                int j = low_bit(more);
                if (s->values[i] + s->values[j] == 13 &&
                    add_kid(w, base, 0, 2 + 32 * (i + 1) + j + 1, removed | 1u << i | 1u << j, left, recycles, in_waste) < 0)
                    return -2;
            }
        }
        int cards[24], n = 0;
        for (uint32_t rest = left; rest; rest &= rest - 1) cards[n++] = low_bit(rest);
        int r = recycles, k = in_waste;
        for (int steps = 0;; steps++) {
            if (!w->whole && r * 32 + k >= stop) break;
            if (++w->visited > w->node_limit && w->node_limit > 0) return -1;
            int stock = k < n ? cards[k] : -1, waste = k ? cards[k - 1] : -1;
            for (uint32_t rest = free; rest; rest &= rest - 1) {
                int i = low_bit(rest), v = s->values[i];
                if (stock >= 0 && v + s->pool[stock] == 13 &&
                    add_kid(w, base, steps, 2 + 32 * (i + 1) + STOCK_TOP, removed | 1u << i, left & ~(1u << stock), r, k) < 0)
                    return -2;
                if (waste >= 0 && v + s->pool[waste] == 13 &&
                    add_kid(w, base, steps, 2 + 32 * (i + 1) + WASTE_TOP, removed | 1u << i, left & ~(1u << waste), r, k - 1) < 0)
                    return -2;
            }
            if (stock >= 0 && waste >= 0 && s->pool[stock] + s->pool[waste] == 13 &&
                add_kid(w, base, steps, 2 + 32 * STOCK_TOP + WASTE_TOP, removed, left & ~(1u << stock | 1u << waste), r, k - 1) < 0)
                return -2;
            if (k < n) k++;
            else if (n && w->whole) k = 0;
            else if (n && r + 1 < s->limit) {
                r++;
                k = 0;
            } else break;
            if (w->whole && r == recycles && k == in_waste) break;
        }
    }
    sort_kids(w, base);
    for (size_t t = base; t < w->nkids; t++) {
        Kid kid = w->kids[t];
        if (kid.estimate == -1) continue;
        int result = kid.removed == FULL ? 1 : frame(w, kid.removed, kid.left, kid.recycles, kid.in_waste);
        if (result == 1) {
            w->nkids = base;
            if (push_move(w, kid.move) < 0 || push_walk(w, recycles, in_waste, __builtin_popcount(left), kid.steps) < 0) return -2;
            return 1;
        }
        if (result < 0) return result;
    }
    w->nkids = base;
    return 0;
}

static PyObject *decide(PyObject *self, PyObject *args) {
    Search s;
    Args a;
    if (open_search(args, &s, &a) < 0) return NULL;
    Win w;
    memset(&w, 0, sizeof w);
    w.s = &s;
    w.node_limit = a.node_limit;
    w.whole = a.limit == 0;
    uint32_t left = canonical(&s, s.all_pool & ~s.pool_of_value[13]);
    int in_waste = __builtin_popcount(s.all_pool & ~s.pool_of_value[13] & ((1u << a.cursor) - 1));
    int status = 0;
    Py_BEGIN_ALLOW_THREADS;
    if ((uint32_t)a.removed == FULL) status = 1;
    else if (estimate(&s, (uint32_t)a.removed, s.all_pool & ~left) >= 0)
        status = frame(&w, (uint32_t)a.removed, left, a.limit ? a.recycles : 0, in_waste);
    Py_END_ALLOW_THREADS;
    PyObject *line = NULL;
    if (status == 1) {
        line = PyList_New((Py_ssize_t)w.nline);
        for (size_t t = 0; line && t < w.nline; t++) {
            PyObject *item = PyLong_FromLong(w.line[w.nline - 1 - t]);
            if (!item) Py_CLEAR(line);
            else PyList_SET_ITEM(line, (Py_ssize_t)t, item);
        }
        if (!line) status = -3;
    }
    long visited = w.visited;
    free(w.marks);
    free(w.kids);
    free(w.sorted);
    free(w.line);
    release(&s);
    if (status == -2) return PyErr_NoMemory();
    if (status == -3) return NULL;
    if (status == 1) return Py_BuildValue("(iNl)", 1, line, visited);
    return Py_BuildValue("(iOl)", status, Py_None, visited);
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS,
     "search(values, pool, removed, cursor, recycles, passes, node_limit) -> (status, line, expanded)\n"
     "status 1: won (line: move codes), 0: no win, -1: node limit hit (0: none). passes 0: unlimited."},
    {"decide", decide, METH_VARARGS,
     "decide(values, pool, removed, cursor, recycles, passes, node_limit) -> (status, line, visited)\n"
     "status 1: won (line: move codes, pool kings left out), 0: no win, -1: limit hit. passes 0: unlimited."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_astar", "Pyramid's searches (A* and decision), compiled.", -1, methods};

PyMODINIT_FUNC PyInit__astar(void) {
    init_layout();
    return PyModule_Create(&module);
}
