/*
 * wordbler.lexicon._gridsearch -- the grid word search of wordbler/lexicon/search.py in C.
 *
 * Optional: when this module is not built, search.py runs its pure-Python search, which
 * gives identical results (the tests run both).  The search is the same depth-first walk:
 * start cells in (row, col) order, each cell's neighbours in (row, col) order, a word
 * recorded the first time it is reached (so with the smallest path in (row, col) order),
 * the walk descending only where a neighbour's first letter can continue the word.
 *
 * search(fmask, mask_itemsize, fstart, fedge, froot, final_bit,
 *        first, rest, texts, nbs, coords, min_len) -> dict {word: path}
 *
 *   fmask, fstart, fedge: the forward graph's flat arrays (buffers; fmask items of
 *       mask_itemsize bytes, 4 or 8; fstart and fedge 4-byte unsigned)
 *   first: per cell, its first letter's index; rest: per cell, a tuple of the indices of
 *       its further letters; texts: per cell, its letters as a str
 *   nbs: per cell, a tuple of neighbour cell numbers; coords: per cell, its (row, col)
 *   min_len: the fewest letters a word may have (a cell counts all its letters)
 *
 * A path is a tuple of the cells' coords objects.  Graph indices are bounds-checked, so a
 * corrupt graph yields no words rather than a crash.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    const unsigned char *mask;
    int wide;              /* 8-byte masks */
    Py_ssize_t nmask;
    const uint32_t *start;
    const uint32_t *edge;
    Py_ssize_t nedge;
    uint64_t final;
} Graph;

static inline uint64_t popcount64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (uint64_t)__builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (x * 0x0101010101010101ULL) >> 56;
#endif
}

static inline uint64_t mask_of(const Graph *g, uint32_t node)
{
    if (g->wide) {
        uint64_t v;
        memcpy(&v, g->mask + 8 * (size_t)node, 8);
        return v;
    } else {
        uint32_t v;
        memcpy(&v, g->mask + 4 * (size_t)node, 4);
        return v;
    }
}

/* The child of node for letter index li (0 if none). */
static inline uint32_t child_of(const Graph *g, uint32_t node, uint64_t m, int li)
{
    uint64_t b = (uint64_t)1 << li;
    if (!(m & b))
        return 0;
    Py_ssize_t k = (Py_ssize_t)g->start[node] + (Py_ssize_t)popcount64(m & (b - 1));
    if (k < 0 || k >= g->nedge)
        return 0;
    uint32_t c = g->edge[k];
    if ((Py_ssize_t)c >= g->nmask)
        return 0;
    return c;
}

typedef struct {
    Py_ssize_t n;          /* cells */
    int *first;            /* first letter index per cell */
    Py_ssize_t *rest_at;   /* n + 1 offsets into rest */
    int *rest;
    Py_ssize_t *nb_at;     /* n + 1 offsets into nb */
    Py_ssize_t *nb;
    uint64_t *near;        /* letters of each cell's neighbours */
    Py_ssize_t *txt_at;    /* n + 1 offsets into txt */
    Py_UCS4 *txt;          /* all cells' letters */
} Board;

static void board_free(Board *bd)
{
    PyMem_Free(bd->first);
    PyMem_Free(bd->rest_at);
    PyMem_Free(bd->rest);
    PyMem_Free(bd->nb_at);
    PyMem_Free(bd->nb);
    PyMem_Free(bd->near);
    PyMem_Free(bd->txt_at);
    PyMem_Free(bd->txt);
}

static int read_int(PyObject *o, long lo, long hi, long *out, const char *what)
{
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v >= hi) {
        PyErr_Format(PyExc_ValueError, "%s out of range", what);
        return -1;
    }
    *out = v;
    return 0;
}

/* Fill bd from the Python sequences (all tuples or lists). */
static int board_init(Board *bd, PyObject *first, PyObject *rest, PyObject *texts, PyObject *nbs)
{
    memset(bd, 0, sizeof(*bd));
    PyObject *fs = NULL, *rs = NULL, *ts = NULL, *ns = NULL;
    int ok = -1;
    fs = PySequence_Fast(first, "first must be a sequence");
    rs = PySequence_Fast(rest, "rest must be a sequence");
    ts = PySequence_Fast(texts, "texts must be a sequence");
    ns = PySequence_Fast(nbs, "nbs must be a sequence");
    if (!fs || !rs || !ts || !ns)
        goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fs);
    if (PySequence_Fast_GET_SIZE(rs) != n || PySequence_Fast_GET_SIZE(ts) != n ||
        PySequence_Fast_GET_SIZE(ns) != n) {
        PyErr_SetString(PyExc_ValueError, "per-cell sequences differ in length");
        goto done;
    }
    bd->n = n;
    bd->first = PyMem_Malloc(sizeof(int) * (n + 1));
    bd->rest_at = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    bd->nb_at = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    bd->near = PyMem_Malloc(sizeof(uint64_t) * (n + 1));
    bd->txt_at = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    if (!bd->first || !bd->rest_at || !bd->nb_at || !bd->near || !bd->txt_at) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t nrest = 0, nnb = 0, ntxt = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *r = PySequence_Fast_GET_ITEM(rs, i);
        PyObject *b = PySequence_Fast_GET_ITEM(ns, i);
        PyObject *t = PySequence_Fast_GET_ITEM(ts, i);
        Py_ssize_t lr = PySequence_Size(r), lb = PySequence_Size(b);
        if (lr < 0 || lb < 0)
            goto done;
        if (!PyUnicode_Check(t)) {
            PyErr_SetString(PyExc_TypeError, "cell texts must be str");
            goto done;
        }
        if (PyUnicode_GET_LENGTH(t) != lr + 1) {
            PyErr_SetString(PyExc_ValueError, "a cell's text and letters differ");
            goto done;
        }
        nrest += lr;
        nnb += lb;
        ntxt += lr + 1;
    }
    bd->rest = PyMem_Malloc(sizeof(int) * (nrest + 1));
    bd->nb = PyMem_Malloc(sizeof(Py_ssize_t) * (nnb + 1));
    bd->txt = PyMem_Malloc(sizeof(Py_UCS4) * (ntxt + 1));
    if (!bd->rest || !bd->nb || !bd->txt) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t pr = 0, pb = 0, pt = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        long v;
        if (read_int(PySequence_Fast_GET_ITEM(fs, i), 0, 63, &v, "letter index") < 0)
            goto done;
        bd->first[i] = (int)v;
        bd->rest_at[i] = pr;
        PyObject *r = PySequence_Fast(PySequence_Fast_GET_ITEM(rs, i), "rest items");
        if (!r)
            goto done;
        for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(r); k++) {
            if (read_int(PySequence_Fast_GET_ITEM(r, k), 0, 63, &v, "letter index") < 0) {
                Py_DECREF(r);
                goto done;
            }
            bd->rest[pr++] = (int)v;
        }
        Py_DECREF(r);
        bd->nb_at[i] = pb;
        PyObject *b = PySequence_Fast(PySequence_Fast_GET_ITEM(ns, i), "nbs items");
        if (!b)
            goto done;
        for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(b); k++) {
            if (read_int(PySequence_Fast_GET_ITEM(b, k), 0, (long)n, &v, "neighbour") < 0) {
                Py_DECREF(b);
                goto done;
            }
            bd->nb[pb++] = (Py_ssize_t)v;
        }
        Py_DECREF(b);
        bd->txt_at[i] = pt;
        PyObject *t = PySequence_Fast_GET_ITEM(ts, i);
        Py_ssize_t lt = PyUnicode_GET_LENGTH(t);
        if (!PyUnicode_AsUCS4(t, bd->txt + pt, ntxt + 1 - pt, 0))
            goto done;
        pt += lt;
    }
    bd->rest_at[n] = pr;
    bd->nb_at[n] = pb;
    bd->txt_at[n] = pt;
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t m = 0;
        for (Py_ssize_t k = bd->nb_at[i]; k < bd->nb_at[i + 1]; k++)
            m |= (uint64_t)1 << bd->first[bd->nb[k]];
        bd->near[i] = m;
    }
    ok = 0;
done:
    Py_XDECREF(fs);
    Py_XDECREF(rs);
    Py_XDECREF(ts);
    Py_XDECREF(ns);
    return ok;
}

/* Follow a cell's further letters from node; 0 if the graph has no such path. */
static inline uint32_t follow_rest(const Graph *g, const Board *bd, Py_ssize_t cell, uint32_t node)
{
    for (Py_ssize_t k = bd->rest_at[cell]; k < bd->rest_at[cell + 1] && node; k++)
        node = child_of(g, node, mask_of(g, node), bd->rest[k]);
    return node;
}

/* Record the word spelled by cells[0..depth] unless it is known already. */
static int record(PyObject *found, const Board *bd, const Py_ssize_t *cells, Py_ssize_t depth,
                  Py_UCS4 *wbuf, PyObject *coords)
{
    Py_ssize_t len = 0;
    for (Py_ssize_t d = 0; d <= depth; d++) {
        Py_ssize_t c = cells[d];
        Py_ssize_t a = bd->txt_at[c], z = bd->txt_at[c + 1];
        memcpy(wbuf + len, bd->txt + a, sizeof(Py_UCS4) * (size_t)(z - a));
        len += z - a;
    }
    PyObject *word = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, wbuf, len);
    if (!word)
        return -1;
    PyObject *known = PyDict_GetItemWithError(found, word);
    if (known || PyErr_Occurred()) {
        Py_DECREF(word);
        return known ? 0 : -1;
    }
    PyObject *path = PyTuple_New(depth + 1);
    if (!path) {
        Py_DECREF(word);
        return -1;
    }
    for (Py_ssize_t d = 0; d <= depth; d++) {
        PyObject *rc = PyTuple_GET_ITEM(coords, cells[d]);
        Py_INCREF(rc);
        PyTuple_SET_ITEM(path, d, rc);
    }
    int r = PyDict_SetItem(found, word, path);
    Py_DECREF(word);
    Py_DECREF(path);
    return r;
}

static PyObject *search(PyObject *self, PyObject *args)
{
    PyObject *fmask_o, *fstart_o, *fedge_o, *first, *rest, *texts, *nbs, *coords;
    int itemsize, final_bit;
    unsigned long froot;
    Py_ssize_t min_len;
    if (!PyArg_ParseTuple(args, "OiOOkiOOOOO!n", &fmask_o, &itemsize, &fstart_o, &fedge_o,
                          &froot, &final_bit, &first, &rest, &texts, &nbs, &PyTuple_Type,
                          &coords, &min_len))
        return NULL;
    if (itemsize != 4 && itemsize != 8) {
        PyErr_SetString(PyExc_ValueError, "mask items must be 4 or 8 bytes");
        return NULL;
    }
    if (final_bit < 1 || final_bit > 63 || (itemsize == 4 && final_bit > 31)) {
        PyErr_SetString(PyExc_ValueError, "bad final bit");
        return NULL;
    }
    Py_buffer vm, vs, ve;
    if (PyObject_GetBuffer(fmask_o, &vm, PyBUF_SIMPLE) < 0)
        return NULL;
    if (PyObject_GetBuffer(fstart_o, &vs, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&vm);
        return NULL;
    }
    if (PyObject_GetBuffer(fedge_o, &ve, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&vm);
        PyBuffer_Release(&vs);
        return NULL;
    }
    PyObject *found = NULL;
    Board bd;
    memset(&bd, 0, sizeof(bd));
    Py_ssize_t *cells = NULL, *kpos = NULL, *lens = NULL;
    uint32_t *nodes = NULL;
    unsigned char *used = NULL;
    Py_UCS4 *wbuf = NULL;

    Graph g;
    g.mask = vm.buf;
    g.wide = itemsize == 8;
    g.nmask = vm.len / itemsize;
    g.start = vs.buf;
    g.edge = ve.buf;
    g.nedge = ve.len / 4;
    g.final = (uint64_t)1 << final_bit;
    const uint64_t letters_mask = g.final - 1;
    if (vs.len / 4 != g.nmask || froot >= (unsigned long)g.nmask) {
        PyErr_SetString(PyExc_ValueError, "inconsistent graph arrays");
        goto fail;
    }
    if (board_init(&bd, first, rest, texts, nbs) < 0)
        goto fail;
    if (PyTuple_GET_SIZE(coords) != bd.n) {
        PyErr_SetString(PyExc_ValueError, "coords and cells differ in length");
        goto fail;
    }
    Py_ssize_t n = bd.n;
    found = PyDict_New();
    cells = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    kpos = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    lens = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    nodes = PyMem_Malloc(sizeof(uint32_t) * (n + 1));
    used = PyMem_Calloc((size_t)n + 1, 1);
    wbuf = PyMem_Malloc(sizeof(Py_UCS4) * (bd.txt_at[n] + 1));
    if (!found || !cells || !kpos || !lens || !nodes || !used || !wbuf) {
        if (found)
            PyErr_NoMemory();
        goto fail;
    }
    uint32_t root = (uint32_t)froot;
    uint64_t rm = mask_of(&g, root);
    for (Py_ssize_t i = 0; i < n; i++) {
        uint32_t c = child_of(&g, root, rm, bd.first[i]);
        if (!c)
            continue;
        c = follow_rest(&g, &bd, i, c);
        if (!c)
            continue;
        uint64_t cm = mask_of(&g, c);
        Py_ssize_t ln = bd.txt_at[i + 1] - bd.txt_at[i];
        cells[0] = i;
        if ((cm & g.final) && ln >= min_len && record(found, &bd, cells, 0, wbuf, coords) < 0)
            goto fail;
        if (!(cm & bd.near[i] & letters_mask))
            continue;
        /* depth-first from cell i: frame d holds cells[d], nodes[d], lens[d], kpos[d] */
        Py_ssize_t d = 0;
        nodes[0] = c;
        lens[0] = ln;
        kpos[0] = bd.nb_at[i];
        used[i] = 1;
        while (d >= 0) {
            Py_ssize_t cell = cells[d];
            if (kpos[d] >= bd.nb_at[cell + 1]) {
                used[cell] = 0;
                d--;
                continue;
            }
            Py_ssize_t j = bd.nb[kpos[d]++];
            if (used[j])
                continue;
            uint32_t node = nodes[d];
            uint64_t m = mask_of(&g, node);
            uint32_t ch = child_of(&g, node, m, bd.first[j]);
            if (!ch)
                continue;
            ch = follow_rest(&g, &bd, j, ch);
            if (!ch)
                continue;
            uint64_t chm = mask_of(&g, ch);
            Py_ssize_t l2 = lens[d] + bd.txt_at[j + 1] - bd.txt_at[j];
            cells[d + 1] = j;
            if ((chm & g.final) && l2 >= min_len &&
                record(found, &bd, cells, d + 1, wbuf, coords) < 0)
                goto fail;
            if (chm & bd.near[j] & letters_mask) {
                d++;
                nodes[d] = ch;
                lens[d] = l2;
                kpos[d] = bd.nb_at[j];
                used[j] = 1;
            }
        }
    }
    goto done;
fail:
    Py_CLEAR(found);
done:
    board_free(&bd);
    PyMem_Free(cells);
    PyMem_Free(kpos);
    PyMem_Free(lens);
    PyMem_Free(nodes);
    PyMem_Free(used);
    PyMem_Free(wbuf);
    PyBuffer_Release(&vm);
    PyBuffer_Release(&vs);
    PyBuffer_Release(&ve);
    return found;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS,
     "search(fmask, mask_itemsize, fstart, fedge, froot, final_bit, first, rest, texts, nbs, "
     "coords, min_len) -> {word: path}: every word along grid paths (see search.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_gridsearch",
    "The grid word search of wordbler.lexicon.search in C (optional; same results).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__gridsearch(void)
{
    return PyModule_Create(&module);
}
