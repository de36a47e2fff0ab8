/*
 * wordbler.wordgrid._fill -- the Word Grid slot search of wordbler/wordgrid/fill.py
 * (_Search.run) in C.
 *
 * Optional: when this module is not built, fill.py runs its pure-Python search, which gives
 * identical results in the identical order (the tests run both).  The search is the same
 * depth-first walk: at each node every open slot's candidates are computed (forward
 * checking: a slot without candidates ends the branch; below the root they are narrowed
 * from the parent's, see narrow()), the slot with the fewest is filled
 * (the first of equals in open-slot order), its words tried in index order; with a letter
 * budget, a word is tried only if the budget holds its new letters, and open cells only
 * take words whose letter there the budget still holds.  Nodes are counted as fill.py
 * counts them and ``cancel()`` is called every 64 nodes, so a node budget kept by the
 * caller's ``cancel`` cuts both searches at the same point.
 *
 * search(slot_cells, ncells, length, masks, nletters, width, nwords, words, letters,
 *        budget, distinct, order_a, order_b, cancel, limit, strs, open_slots)
 *     -> (fills, nodes, cancelled)
 *
 *   slot_cells: int32 [nslots][length], each slot's cells in word order
 *   masks: uint64 [length][nletters + 1][width]: words with letter code c at position p
 *       (code nletters is a letter no word has: all zero)
 *   words: uint8 [nwords][length] letter codes
 *   letters: uint8 [ncells], a code or 255 for an open cell
 *   budget: int32 [nletters + 1] copies left, or None for no budget
 *   order_a, order_b: slots whose word indices must satisfy a <= b, or -1
 *   cancel: callable or None; limit: stop after this many fills (-1: all)
 *   strs: tuple of the letters' strings by code; open_slots: uint8 slot numbers
 *
 * fills: list of tuples of letter strings (one per cell); cancelled: cancel() said True.
 * Exceptions raised by cancel() propagate.  The GIL is let go while the search computes.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#define OPEN 255

typedef struct {
    int nslots, len, ncells, nl; /* nl letter codes plus one absent code */
    Py_ssize_t W, nwords;
    const int32_t *slot_cells;
    const uint64_t *masks;
    const unsigned char *words;
    unsigned char *letters;
    int32_t *budget; /* NULL: no budget */
    int distinct, oa, ob;
    PyObject *cancel;
    Py_ssize_t limit;
    PyObject *strs;
    PyObject *out;
    uint64_t *used;
    Py_ssize_t *placed;
    uint64_t *allowed; /* the root's: [len][W] */
    uint64_t *cands;   /* per depth: [nslots][W] */
    int *opens;        /* per depth: [nslots] */
    /* what the parent just did, for the child's candidates (see narrow) */
    unsigned char *fresh; /* [ncells]: the depth of the node whose parent's word filled it */
    int last_best;        /* the filled slot's place in the parent's open list */
    int last_si;
    Py_ssize_t last_wi;
    int nemptied;
    unsigned char emptied[256]; /* letters whose budget the parent's word used up */
    long long nodes;
    int stop; /* 1: limit reached, 2: cancelled */
    PyThreadState *saved; /* the GIL is let go while the search computes (NULL: held) */
} Search;

/* The search runs without the GIL, so the GUI thread (and any other) goes on while a
 * worker makes a puzzle; it takes the GIL back only to call cancel() and to keep a fill. */
static inline void gil_release(Search *s)
{
    if (!s->saved)
        s->saved = PyEval_SaveThread();
}

static inline void gil_take(Search *s)
{
    if (s->saved) {
        PyEval_RestoreThread(s->saved);
        s->saved = NULL;
    }
}

static inline const uint64_t *mask_at(const Search *s, int p, int code)
{
    return s->masks + ((size_t)p * (size_t)(s->nl + 1) + (size_t)code) * (size_t)s->W;
}

static inline int ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

static inline Py_ssize_t popcount_w(const uint64_t *m, Py_ssize_t W)
{
    Py_ssize_t n = 0;
    for (Py_ssize_t k = 0; k < W; k++) {
#if defined(__GNUC__) || defined(__clang__)
        n += __builtin_popcountll(m[k]);
#else
        uint64_t x = m[k];
        while (x) {
            x &= x - 1;
            n++;
        }
#endif
    }
    return n;
}

/* Candidates of slot si into m; returns 0 when there are none. */
static int candidates(const Search *s, int si, const uint64_t *allowed, uint64_t *m)
{
    const Py_ssize_t W = s->W;
    const int32_t *cells = s->slot_cells + (size_t)si * (size_t)s->len;
    int first = 1;
    for (int p = 0; p < s->len; p++) {
        unsigned char ch = s->letters[cells[p]];
        const uint64_t *a;
        if (ch == OPEN) {
            if (!allowed)
                continue;
            a = allowed + (size_t)p * (size_t)W;
        } else {
            a = mask_at(s, p, ch);
        }
        uint64_t any = 0;
        if (first) {
            for (Py_ssize_t k = 0; k < W; k++) {
                m[k] = a[k];
                any |= a[k];
            }
            first = 0;
        } else {
            for (Py_ssize_t k = 0; k < W; k++) {
                m[k] &= a[k];
                any |= m[k];
            }
        }
        if (!any)
            return 0;
    }
    if (first) { /* every cell open, no budget: every word */
        for (Py_ssize_t k = 0; k < W; k++)
            m[k] = ~(uint64_t)0;
        Py_ssize_t tail = s->nwords % 64;
        if (tail)
            m[W - 1] = ((uint64_t)1 << tail) - 1;
        if (!s->nwords)
            return 0;
    }
    if (s->distinct)
        for (Py_ssize_t k = 0; k < W; k++)
            m[k] &= ~s->used[k];
    if (s->oa >= 0) {
        if (si == s->ob && s->placed[s->oa] >= 0) { /* word index >= the one in a */
            Py_ssize_t lo = s->placed[s->oa];
            for (Py_ssize_t k = 0; k < lo / 64 && k < W; k++)
                m[k] = 0;
            if (lo / 64 < W)
                m[lo / 64] &= ~(((uint64_t)1 << (lo % 64)) - 1);
        } else if (si == s->oa && s->placed[s->ob] >= 0) { /* word index <= the one in b */
            Py_ssize_t hi = s->placed[s->ob];
            if (hi / 64 < W) {
                if (hi % 64 != 63)
                    m[hi / 64] &= ((uint64_t)1 << (hi % 64 + 1)) - 1;
                for (Py_ssize_t k = hi / 64 + 1; k < W; k++)
                    m[k] = 0;
            }
        }
    }
    for (Py_ssize_t k = 0; k < W; k++)
        if (m[k])
            return 1;
    return 0;
}

/* Candidates of the child's open slot k (slot t) into m, from its parent's candidates pm:
 * the same set candidates() computes from scratch.  The parent's set already meets every
 * condition of the parent's node; the child's node adds only these: the cell where t
 * crosses the word just placed now holds that word's letter (a subset of what the budget
 * allowed there before), the letters whose budget that word used up leave t's open
 * cells, the word itself is used (distinct), and the order of slots a and b now has a
 * bound.  Returns 0 when there are none. */
static int narrow(const Search *s, int depth, int t, const uint64_t *pm, uint64_t *m)
{
    const Py_ssize_t W = s->W;
    const int32_t *cells = s->slot_cells + (size_t)t * (size_t)s->len;
    memcpy(m, pm, (size_t)W * sizeof(uint64_t));
    for (int p = 0; p < s->len; p++) {
        int c = cells[p];
        unsigned char ch = s->letters[c];
        if (ch == OPEN) {
            for (int e = 0; e < s->nemptied; e++) {
                const uint64_t *a = mask_at(s, p, s->emptied[e]);
                for (Py_ssize_t k = 0; k < W; k++)
                    m[k] &= ~a[k];
            }
        } else if (s->fresh[c] == depth) {
            const uint64_t *a = mask_at(s, p, ch);
            for (Py_ssize_t k = 0; k < W; k++)
                m[k] &= a[k];
        }
    }
    Py_ssize_t wi = s->last_wi;
    if (s->distinct)
        m[wi / 64] &= ~((uint64_t)1 << (wi % 64));
    if (s->oa >= 0) {
        if (t == s->ob && s->last_si == s->oa) { /* word index >= the one in a */
            for (Py_ssize_t k = 0; k < wi / 64 && k < W; k++)
                m[k] = 0;
            if (wi / 64 < W)
                m[wi / 64] &= ~(((uint64_t)1 << (wi % 64)) - 1);
        } else if (t == s->oa && s->last_si == s->ob) { /* word index <= the one in b */
            if (wi / 64 < W) {
                if (wi % 64 != 63)
                    m[wi / 64] &= ((uint64_t)1 << (wi % 64 + 1)) - 1;
                for (Py_ssize_t k = wi / 64 + 1; k < W; k++)
                    m[k] = 0;
            }
        }
    }
    for (Py_ssize_t k = 0; k < W; k++)
        if (m[k])
            return 1;
    return 0;
}

static int emit(Search *s)
{
    PyObject *t = PyTuple_New(s->ncells);
    if (!t)
        return -1;
    for (int i = 0; i < s->ncells; i++) {
        unsigned char ch = s->letters[i];
        if (ch == OPEN || ch >= PyTuple_GET_SIZE(s->strs)) { /* cannot happen: all filled */
            Py_DECREF(t);
            PyErr_SetString(PyExc_RuntimeError, "an open cell in a complete fill");
            return -1;
        }
        PyObject *o = PyTuple_GET_ITEM(s->strs, ch);
        Py_INCREF(o);
        PyTuple_SET_ITEM(t, i, o);
    }
    int rc = PyList_Append(s->out, t);
    Py_DECREF(t);
    if (rc < 0)
        return -1;
    if (s->limit >= 0 && PyList_GET_SIZE(s->out) >= s->limit)
        s->stop = 1;
    return 0;
}

static int run(Search *s, int depth, int nopen)
{
    const Py_ssize_t W = s->W;
    const int len = s->len;
    s->nodes++;
    if (s->cancel != Py_None && s->nodes % 64 == 0) {
        gil_take(s);
        PyObject *r = PyObject_CallNoArgs(s->cancel);
        if (!r)
            return -1;
        int t = PyObject_IsTrue(r);
        Py_DECREF(r);
        if (t < 0)
            return -1;
        if (t) {
            s->stop = 2;
            return 0;
        }
        gil_release(s);
    }
    if (nopen == 0) {
        gil_take(s);
        if (emit(s) < 0)
            return -1;
        gil_release(s);
        return 0;
    }
    int *open = s->opens + (size_t)depth * (size_t)s->nslots;
    uint64_t *cand = s->cands + (size_t)depth * (size_t)s->nslots * (size_t)W;
    if (depth == 0) {
        for (int k = 0; k < nopen; k++)
            if (!candidates(s, open[k], s->budget ? s->allowed : NULL, cand + (size_t)k * (size_t)W))
                return 0;
    } else { /* from the parent's candidates: far fewer operations, the same sets */
        const uint64_t *pc = s->cands + (size_t)(depth - 1) * (size_t)s->nslots * (size_t)W;
        const int lb = s->last_best;
        for (int k = 0; k < nopen; k++)
            if (!narrow(s, depth, open[k], pc + (size_t)(k < lb ? k : k + 1) * (size_t)W,
                        cand + (size_t)k * (size_t)W))
                return 0;
    }
    int best = -1;
    Py_ssize_t best_n = -1;
    for (int k = 0; k < nopen; k++) {
        Py_ssize_t n = popcount_w(cand + (size_t)k * (size_t)W, W);
        if (best_n < 0 || n < best_n) {
            best = k;
            best_n = n;
        }
    }
    const int si = open[best];
    int *rest = s->opens + (size_t)(depth + 1) * (size_t)s->nslots;
    int nr = 0;
    for (int k = 0; k < nopen; k++)
        if (k != best)
            rest[nr++] = open[k];
    const int32_t *cells = s->slot_cells + (size_t)si * (size_t)len;
    int open_p[256];
    int nop = 0;
    for (int p = 0; p < len; p++)
        if (s->letters[cells[p]] == OPEN)
            open_p[nop++] = p;
    const uint64_t *bm = cand + (size_t)best * (size_t)W;
    for (Py_ssize_t wk = 0; wk < W; wk++) {
        uint64_t x = bm[wk];
        while (x) {
            Py_ssize_t wi = wk * 64 + ctz64(x);
            x &= x - 1;
            const unsigned char *w = s->words + (size_t)wi * (size_t)len;
            if (s->budget) {
                int taken = 0;
                for (; taken < nop; taken++) {
                    unsigned char ch = w[open_p[taken]];
                    if (s->budget[ch] > 0)
                        s->budget[ch]--;
                    else
                        break;
                }
                if (taken < nop) { /* the budget lacks a letter (a repeated one) */
                    for (int j = 0; j < taken; j++)
                        s->budget[w[open_p[j]]]++;
                    continue;
                }
            }
            s->nemptied = 0;
            for (int j = 0; j < nop; j++) {
                unsigned char ch = w[open_p[j]];
                if (s->budget && s->budget[ch] == 0) {
                    int dup = 0;
                    for (int e = 0; e < s->nemptied; e++)
                        dup |= s->emptied[e] == ch;
                    if (!dup)
                        s->emptied[s->nemptied++] = ch;
                }
                s->letters[cells[open_p[j]]] = ch;
                s->fresh[cells[open_p[j]]] = (unsigned char)(depth + 1);
            }
            s->last_best = best;
            s->last_si = si;
            s->last_wi = wi;
            s->used[wi / 64] |= (uint64_t)1 << (wi % 64);
            s->placed[si] = wi;
            int rc = run(s, depth + 1, nr);
            for (int j = 0; j < nop; j++)
                s->fresh[cells[open_p[j]]] = 0;
            s->placed[si] = -1;
            s->used[wi / 64] &= ~((uint64_t)1 << (wi % 64));
            for (int j = 0; j < nop; j++) {
                s->letters[cells[open_p[j]]] = OPEN;
                if (s->budget)
                    s->budget[w[open_p[j]]]++;
            }
            if (rc < 0)
                return -1;
            if (s->stop)
                return 0;
        }
    }
    return 0;
}

static PyObject *search(PyObject *self, PyObject *args)
{
    Py_buffer sc = {0}, mk = {0}, wd = {0}, lt = {0}, op = {0};
    int ncells, len, nl, distinct, oa, ob;
    Py_ssize_t W, nwords, limit;
    PyObject *budget_obj, *cancel, *strs;
    if (!PyArg_ParseTuple(args, "y*iiy*inny*y*OpiiOnO!y*", &sc, &ncells, &len, &mk, &nl, &W,
                          &nwords, &wd, &lt, &budget_obj, &distinct, &oa, &ob, &cancel,
                          &limit, &PyTuple_Type, &strs, &op))
        return NULL;
    PyObject *result = NULL;
    Search s;
    memset(&s, 0, sizeof s);
    int32_t *budget = NULL;
    Py_buffer bb = {0};
    int have_bb = 0;
    if (len <= 0 || len > 255 || nl < 0 || nl > 254 || W < 0 || nwords < 0 || nwords > W * 64
        || ncells <= 0 || sc.len % (4 * (Py_ssize_t)len) != 0
        || mk.len != (Py_ssize_t)len * (nl + 1) * W * 8 || wd.len != nwords * len
        || lt.len != ncells || PyTuple_GET_SIZE(strs) < nl) {
        PyErr_SetString(PyExc_ValueError, "inconsistent search arrays");
        goto done;
    }
    s.nslots = (int)(sc.len / (4 * len));
    if (op.len > s.nslots || s.nslots > 254 || (oa >= s.nslots) || (ob >= s.nslots)) {
        PyErr_SetString(PyExc_ValueError, "inconsistent slots");
        goto done;
    }
    s.len = len;
    s.ncells = ncells;
    s.nl = nl;
    s.W = W;
    s.nwords = nwords;
    s.slot_cells = (const int32_t *)sc.buf;
    for (Py_ssize_t k = 0; k < s.nslots * (Py_ssize_t)len; k++)
        if (s.slot_cells[k] < 0 || s.slot_cells[k] >= ncells) {
            PyErr_SetString(PyExc_ValueError, "a slot cell out of range");
            goto done;
        }
    s.masks = (const uint64_t *)mk.buf;
    s.words = (const unsigned char *)wd.buf;
    for (Py_ssize_t k = 0; k < wd.len; k++)
        if (s.words[k] > nl) {
            PyErr_SetString(PyExc_ValueError, "a word letter out of range");
            goto done;
        }
    s.letters = PyMem_Malloc((size_t)ncells);
    s.used = PyMem_Calloc((size_t)(W ? W : 1), sizeof(uint64_t));
    s.placed = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)s.nslots);
    s.cands = PyMem_Malloc(sizeof(uint64_t) * (size_t)(s.nslots + 1) * (size_t)(s.nslots ? s.nslots : 1) * (size_t)(W ? W : 1));
    s.opens = PyMem_Malloc(sizeof(int) * (size_t)(s.nslots + 2) * (size_t)(s.nslots ? s.nslots : 1));
    s.fresh = PyMem_Calloc((size_t)ncells, 1);
    if (!s.letters || !s.used || !s.placed || !s.cands || !s.opens || !s.fresh) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(s.letters, lt.buf, (size_t)ncells);
    for (int i = 0; i < ncells; i++)
        if (s.letters[i] != OPEN && s.letters[i] > nl) {
            PyErr_SetString(PyExc_ValueError, "a cell letter out of range");
            goto done;
        }
    for (int i = 0; i < s.nslots; i++)
        s.placed[i] = -1;
    if (budget_obj != Py_None) {
        if (PyObject_GetBuffer(budget_obj, &bb, PyBUF_SIMPLE) < 0)
            goto done;
        have_bb = 1;
        if (bb.len != 4 * (Py_ssize_t)(nl + 1)) {
            PyErr_SetString(PyExc_ValueError, "budget of the wrong size");
            goto done;
        }
        budget = PyMem_Malloc(4 * (size_t)(nl + 1));
        s.allowed = PyMem_Malloc(sizeof(uint64_t) * (size_t)len * (size_t)(W ? W : 1));
        if (!budget || !s.allowed) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(budget, bb.buf, 4 * (size_t)(nl + 1));
        budget[nl] = 0; /* a letter no word has is never placed */
        s.budget = budget;
        /* the first level: per position, the words whose letter there the budget holds */
        for (int p = 0; p < len; p++) {
            uint64_t *a = s.allowed + (size_t)p * (size_t)W;
            memset(a, 0, sizeof(uint64_t) * (size_t)W);
            for (int c = 0; c < nl; c++)
                if (budget[c] > 0) {
                    const uint64_t *m = mask_at(&s, p, c);
                    for (Py_ssize_t k = 0; k < W; k++)
                        a[k] |= m[k];
                }
        }
    }
    s.distinct = distinct;
    s.oa = oa;
    s.ob = ob;
    if ((oa < 0) != (ob < 0))
        s.oa = s.ob = -1;
    s.cancel = cancel;
    s.limit = limit;
    s.strs = strs;
    s.out = PyList_New(0);
    if (!s.out)
        goto done;
    {
        const unsigned char *o = (const unsigned char *)op.buf;
        for (Py_ssize_t k = 0; k < op.len; k++) {
            if (o[k] >= s.nslots) {
                PyErr_SetString(PyExc_ValueError, "an open slot out of range");
                goto done;
            }
            s.opens[k] = o[k];
        }
    }
    int rc = 0;
    if (s.limit != 0) {
        gil_release(&s);
        rc = run(&s, 0, (int)op.len);
        gil_take(&s); /* held again on every way out: errors, stops and the end */
    }
    if (rc == 0)
        result = Py_BuildValue("(OLO)", s.out, s.nodes, s.stop == 2 ? Py_True : Py_False);
done:
    Py_XDECREF(s.out);
    PyMem_Free(s.letters);
    PyMem_Free(s.used);
    PyMem_Free(s.placed);
    PyMem_Free(s.cands);
    PyMem_Free(s.opens);
    PyMem_Free(s.fresh);
    PyMem_Free(s.allowed);
    PyMem_Free(budget);
    if (have_bb)
        PyBuffer_Release(&bb);
    PyBuffer_Release(&sc);
    PyBuffer_Release(&mk);
    PyBuffer_Release(&wd);
    PyBuffer_Release(&lt);
    PyBuffer_Release(&op);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "The Word Grid slot search (see fill.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fill", "The Word Grid slot search in C (optional).", -1, methods,
};

PyMODINIT_FUNC PyInit__fill(void)
{
    return PyModule_Create(&module);
}
