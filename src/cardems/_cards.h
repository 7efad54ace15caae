/* What the compiled searches of Klondike and Spider (klondike/_solver.c,
 * spider/_solver.c) share: reading a Python sequence of small numbers (card ordinals or
 * faces 0-51, face-down counts) into bytes, the 64-bit mix of their position keys and
 * their tables of keys seen. Included by each; setup.py names it among their depends, so
 * a change rebuilds both. */

#ifndef CARDEMS_CARDS_H
#define CARDEMS_CARDS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* Read at most cap numbers 0-51 of seq into out; their count, or -1 with a ValueError
 * naming `what` (too many, or one out of range) or the sequence's own error. */
static int read_cards(PyObject *seq, uint8_t *out, int cap, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > cap) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: too many cards", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v < 0 || v > 51) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: card %ld out of range", what, v);
            return -1;
        }
        out[i] = (uint8_t)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

/* SplitMix64's finalizer: the keys of positions are built with it. */
static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A set of 64-bit keys by open addressing in table (mask + 1 slots, 0 free; never a key
 * 0): adds key, 1 when it was not there yet. */
static inline int set_add(uint64_t *table, uint64_t mask, uint64_t key) {
    uint64_t i = key & mask;
    while (table[i]) {
        if (table[i] == key) return 0;
        i = (i + 1) & mask;
    }
    table[i] = key;
    return 1;
}

/* Whether key is in the set of table (mask + 1 slots). */
static inline int set_has(const uint64_t *table, uint64_t mask, uint64_t key) {
    uint64_t i = key & mask;
    while (table[i]) {
        if (table[i] == key) return 1;
        i = (i + 1) & mask;
    }
    return 0;
}

#endif
