/*
 * wordbler.boardgame.movegen._movegen -- the move search of movegen/generator.py in C.
 *
 * Optional: when this module is not built, generator.py runs its pure-Python search, which
 * gives identical records in the identical order (the tests compare both).  This is a
 * line-for-line port of generator._search and generator._cross_info: lines in order, in
 * each line the runs of board tiles left to right and then the cross anchors left to
 * right; at each square the rack's letters in bit order, tiles before blanks; leftwards
 * (reverse graph) first, then across the separator rightwards.  Callers' tie-breaking and
 * seeded replays depend on that order.
 *
 * generate(graph_args, rules_args, board, rack, only_rows, only_cols, out) -> bool
 *
 *   graph_args: (fmask, fmask_itemsize, fstart, fedge, rmask, rmask_itemsize, rstart,
 *       redge, rsep, froot, rroot, n_letters): the LexGraph's flat arrays as buffers
 *       (masks of 4 or 8 bytes, the rest 4-byte unsigned), its roots and alphabet size
 *   rules_args: (rows, cols, letter_mult, word_mult, values, upper, lower, bingo,
 *       rack_size, min_first_move_tiles, start_row, start_col): the multipliers are bytes
 *       of rows * cols (row-major, 1 on a plain square); values a tuple of the tile value
 *       per letter index; upper / lower the alphabet's tile and blank letters as str
 *   board: the rows joined ("." empty, an upper letter a tile, a lower letter a blank);
 *       rack: upper letters and "?" (both already checked by the caller)
 *   only_rows / only_cols: None (every line) or a set of the line numbers to search
 *   out: the list the records (score, down, line, start, word) are appended to -- across
 *       moves (down 0) first, then down moves (down 1), as generate() does
 *
 * Returns False (and appends nothing) when the board holds a character that is neither
 * "." nor a letter of upper / lower: the caller's parse_board says what is wrong.
 *
 * Node indices read from the graph are bounds-checked, so a corrupt graph yields no (or
 * wrong) moves rather than a crash.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXW 128          /* longest line; generator.py uses the pure search beyond */
#define EMPTY 0xFF        /* a board cell code: empty; else letter index | BLANK_BIT */
#define BLANK_BIT 0x80

static inline int popcount64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

static inline int ctz64(uint64_t x) /* x != 0 */
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

/* One half of the graph (forward or reverse): nodes 0 .. n-1. */
typedef struct {
    const unsigned char *mask;
    int wide; /* 8-byte masks */
    Py_ssize_t n;
    const uint32_t *start;
    const uint32_t *edge;
    Py_ssize_t nedge;
} Half;

static inline uint64_t mask_at(const Half *h, uint32_t node)
{
    if ((Py_ssize_t)node >= h->n)
        return 0;
    if (h->wide) {
        uint64_t v;
        memcpy(&v, h->mask + 8 * (size_t)node, 8);
        return v;
    } else {
        uint32_t v;
        memcpy(&v, h->mask + 4 * (size_t)node, 4);
        return v;
    }
}

/* The child of node (whose mask is m) for the letter bit b; 0 when out of bounds. */
static inline uint32_t edge_at(const Half *h, uint32_t node, uint64_t m, uint64_t b)
{
    if ((Py_ssize_t)node >= h->n)
        return 0;
    Py_ssize_t k = (Py_ssize_t)h->start[node] + popcount64(m & (b - 1));
    if (k >= h->nedge)
        return 0;
    return h->edge[k];
}

typedef struct {
    Half F, R;
    const uint32_t *rsep;
    Py_ssize_t nrsep;
    uint32_t froot, rroot;
    uint64_t FINAL, ALL;
    int BL;                 /* alphabet size; rk[BL] counts the blanks */
    long long VAL[64];
    long long bingo;
    int rack_size;
    int down, tie_ok;
    int width;
    PyObject *down_obj, *out;
    Py_UCS4 up[64], low[64];
    int ascii;              /* every letter below 128: words are made from ascii_of */
    unsigned char ascii_of[256]; /* cell code -> character, when ascii */
    int err;
    /* the line being searched */
    PyObject *line_obj;
    uint64_t xc[MAXW + 2];  /* cross-check masks */
    long long xs[MAXW + 2]; /* cross-word tile sums, -1: no cross word */
    int xl[MAXW + 2];       /* cross-word lengths (0: none) */
    int lm[MAXW + 2], wm[MAXW + 2];
    unsigned char occ[MAXW + 2];
    unsigned char cur[MAXW + 2];  /* cell codes, the new tiles written in */
    int run_end[MAXW + 2];        /* at a run's first square: its last + 1, else -1 */
    long long run_rv[MAXW + 2];   /* at a run's first square: its tiles' values */
    int start, rend, llim, rlim, min_np;
    int rk[65];
} S;

static inline uint32_t sep_of(const S *s, uint32_t n)
{
    return (Py_ssize_t)n < s->nrsep ? s->rsep[n] : 0;
}

/* Append (score, down, line, start, word[start:nx]). */
static void record(S *s, long long score, int nx)
{
    int len = nx - s->start;
    const unsigned char *cur = s->cur + s->start;
    PyObject *word;
    if (s->ascii) { /* A-Z and a-z: one byte a letter, filled in place */
        word = PyUnicode_New(len, 127);
        if (!word) {
            s->err = 1;
            return;
        }
        Py_UCS1 *d = PyUnicode_1BYTE_DATA(word);
        for (int i = 0; i < len; i++)
            d[i] = s->ascii_of[cur[i]];
    } else { /* the string's kind must be its widest character's (str equality relies on it) */
        Py_UCS4 chars[MAXW + 2];
        Py_UCS4 maxc = 0;
        for (int i = 0; i < len; i++) {
            unsigned char code = cur[i];
            Py_UCS4 ch = (code & BLANK_BIT) ? s->low[code & 0x3F] : s->up[code & 0x3F];
            chars[i] = ch;
            if (ch > maxc)
                maxc = ch;
        }
        word = PyUnicode_New(len, maxc);
        if (!word) {
            s->err = 1;
            return;
        }
        int kind = PyUnicode_KIND(word);
        void *data = PyUnicode_DATA(word);
        for (int i = 0; i < len; i++)
            PyUnicode_WRITE(kind, data, i, chars[i]);
    }
    PyObject *sc = PyLong_FromLongLong(score);
    PyObject *st = PyLong_FromLong(s->start);
    PyObject *t = PyTuple_New(5);
    if (!sc || !st || !t) {
        Py_DECREF(word);
        Py_XDECREF(sc);
        Py_XDECREF(st);
        Py_XDECREF(t);
        s->err = 1;
        return;
    }
    Py_INCREF(s->down_obj);
    Py_INCREF(s->line_obj);
    PyTuple_SET_ITEM(t, 0, sc);
    PyTuple_SET_ITEM(t, 1, s->down_obj);
    PyTuple_SET_ITEM(t, 2, s->line_obj);
    PyTuple_SET_ITEM(t, 3, st);
    PyTuple_SET_ITEM(t, 4, word);
    /* ints and a str: no cycle can go through it, so the collector need not scan it (what
     * CPython's own collector does to such tuples sooner or later) */
    PyObject_GC_UnTrack(t);
    if (PyList_Append(s->out, t) < 0)
        s->err = 1;
    Py_DECREF(t);
}

/* The word spans [start, x): record it (one-tile plays only for their direction). */
static void finish(S *s, int x, long long ms, long long mw, long long cs, int np)
{
    if (np == 1) {
        int p = s->start;
        while (s->occ[p])
            p++;
        int n = x - s->start;
        if (n < s->xl[p] || (n == s->xl[p] && !s->tie_ok))
            return;
    }
    long long score = ms * mw + cs;
    if (np == s->rack_size)
        score += s->bingo;
    record(s, score, x);
}

/* The word spans [start, x); square x (< rlim) is empty; f is a forward node. */
static void go_right(S *s, int x, uint32_t f, long long ms, long long mw, long long cs, int np,
                     uint64_t rmask)
{
    if (s->err)
        return;
    const int BL = s->BL;
    const uint64_t FINAL = s->FINAL;
    uint64_t fm = mask_at(&s->F, f);
    uint64_t cand = fm & s->xc[x];
    long long lmx = s->lm[x], wmx = s->wm[x], xsx = s->xs[x];
    long long mw2 = mw * wmx;
    int np2 = np + 1;
    int start = s->start;
    int one_ok = np2 >= s->min_np &&
                 !(np2 == 1 && (x + 1 - start < s->xl[x] ||
                                (x + 1 - start == s->xl[x] && !s->tie_ok)));
    long long bonus = np2 == s->rack_size ? s->bingo : 0;
    int nx = x + 1;
    int rs = nx, re = s->run_end[nx];
    long long rv = 0;
    if (re >= 0) { /* a run of board tiles follows: the word takes it whole */
        rv = s->run_rv[nx];
        nx = re;
        if (np2 == 1)
            one_ok = np2 >= s->min_np &&
                     !(nx - start < s->xl[x] || (nx - start == s->xl[x] && !s->tie_ok));
    }
    uint64_t blanks = s->rk[BL] ? s->ALL : 0;
    uint64_t xcn = nx < s->rlim ? s->xc[nx] : 0;
    uint64_t m = cand & rmask;
    while (m) {
        uint64_t b = m & (~m + 1);
        m ^= b;
        int li = ctz64(b);
        uint32_t child = edge_at(&s->F, f, fm, b);
        uint64_t cm = mask_at(&s->F, child);
        if (re >= 0) {
            for (int k = rs; k < re; k++) {
                uint64_t bb = (uint64_t)1 << (s->cur[k] & 0x3F);
                if (!(cm & bb)) {
                    child = 0;
                    break;
                }
                child = edge_at(&s->F, child, cm, bb);
                cm = mask_at(&s->F, child);
            }
            if (!child)
                continue;
        }
        long long v = s->VAL[li] * lmx;
        long long ms2 = ms + v + rv;
        long long cs2 = xsx >= 0 ? cs + (xsx + v) * wmx : cs;
        s->cur[x] = (unsigned char)li;
        if ((cm & FINAL) && one_ok) {
            record(s, ms2 * mw2 + cs2 + bonus, nx);
            if (s->err)
                return;
        }
        int c = s->rk[li] - 1;
        uint64_t rmask2 = c ? rmask : rmask ^ b;
        if (cm & xcn & (rmask2 | blanks)) {
            s->rk[li] = c;
            go_right(s, nx, child, ms2, mw2, cs2, np2, rmask2);
            s->rk[li] = c + 1;
            if (s->err)
                return;
        }
    }
    if (blanks) {
        s->rk[BL]--;
        uint64_t blanks2 = s->rk[BL] ? s->ALL : 0;
        long long cs2 = xsx >= 0 ? cs + xsx * wmx : cs;
        long long ms2 = ms + rv;
        uint64_t more = rmask | blanks2;
        m = cand;
        while (m) {
            uint64_t b = m & (~m + 1);
            m ^= b;
            int li = ctz64(b);
            uint32_t child = edge_at(&s->F, f, fm, b);
            uint64_t cm = mask_at(&s->F, child);
            if (re >= 0) {
                for (int k = rs; k < re; k++) {
                    uint64_t bb = (uint64_t)1 << (s->cur[k] & 0x3F);
                    if (!(cm & bb)) {
                        child = 0;
                        break;
                    }
                    child = edge_at(&s->F, child, cm, bb);
                    cm = mask_at(&s->F, child);
                }
                if (!child)
                    continue;
            }
            s->cur[x] = (unsigned char)(li | BLANK_BIT);
            if ((cm & FINAL) && one_ok) {
                record(s, ms2 * mw2 + cs2 + bonus, nx);
                if (s->err)
                    break;
            }
            if (cm & xcn & more) {
                go_right(s, nx, child, ms2, mw2, cs2, np2, rmask);
                if (s->err)
                    break;
            }
        }
        s->rk[BL]++;
    }
}

/* The word spans [left, rend]; square left-1 is empty or off the board; n is a reverse
 * node.  Either stop here (cross the separator) or put a tile on left-1. */
static void go_left(S *s, int left, uint32_t n, long long ms, long long mw, long long cs,
                    int np, uint64_t rmask)
{
    if (s->err)
        return;
    const int BL = s->BL;
    uint32_t sep = sep_of(s, n);
    if (sep) {
        s->start = left;
        uint64_t sm = mask_at(&s->F, sep);
        if ((sm & s->FINAL) && np >= s->min_np) {
            finish(s, s->rend + 1, ms, mw, cs, np);
            if (s->err)
                return;
        }
        int nx = s->rend + 1;
        if (nx < s->rlim && (sm & s->xc[nx] & (rmask | (s->rk[BL] ? s->ALL : 0)))) {
            go_right(s, nx, sep, ms, mw, cs, np, rmask);
            if (s->err)
                return;
        }
    }
    int x = left - 1;
    if (x < s->llim)
        return;
    uint64_t rm = mask_at(&s->R, n);
    uint64_t cand = rm & s->xc[x];
    if (!cand)
        return;
    long long lmx = s->lm[x], wmx = s->wm[x], xsx = s->xs[x];
    long long mw2 = mw * wmx;
    uint64_t m = cand & rmask;
    while (m) {
        uint64_t b = m & (~m + 1);
        m ^= b;
        int li = ctz64(b);
        uint32_t child = edge_at(&s->R, n, rm, b);
        long long v = s->VAL[li] * lmx;
        s->cur[x] = (unsigned char)li;
        int c = s->rk[li] - 1;
        s->rk[li] = c;
        go_left(s, x, child, ms + v, mw2, xsx >= 0 ? cs + (xsx + v) * wmx : cs, np + 1,
                c ? rmask : rmask ^ b);
        s->rk[li] = c + 1;
        if (s->err)
            return;
    }
    if (s->rk[BL]) {
        s->rk[BL]--;
        long long cs2 = xsx >= 0 ? cs + xsx * wmx : cs;
        /* a child with no separator and no room or letter further left leads nowhere */
        uint64_t xcl = x > s->llim ? s->xc[x - 1] & (rmask | (s->rk[BL] ? s->ALL : 0)) : 0;
        m = cand;
        while (m) {
            uint64_t b = m & (~m + 1);
            m ^= b;
            int li = ctz64(b);
            uint32_t child = edge_at(&s->R, n, rm, b);
            uint64_t cm = mask_at(&s->R, child);
            if (!((cm & xcl) || sep_of(s, child)))
                continue;
            s->cur[x] = (unsigned char)(li | BLANK_BIT);
            go_left(s, x, child, ms, mw2, cs2, np + 1, rmask);
            if (s->err)
                break;
        }
        s->rk[BL]++;
    }
}

/* A pure move's leftmost cross anchor a: put a rack tile there first. */
static void start_at_anchor(S *s, int a, uint64_t rack_mask0)
{
    const int BL = s->BL;
    s->rend = a;
    uint64_t rm = mask_at(&s->R, s->rroot);
    uint64_t cand = rm & s->xc[a];
    if (!cand)
        return;
    long long lmx = s->lm[a], wmx = s->wm[a], xsx = s->xs[a];
    uint64_t m = cand & rack_mask0;
    while (m) {
        uint64_t b = m & (~m + 1);
        m ^= b;
        int li = ctz64(b);
        uint32_t child = edge_at(&s->R, s->rroot, rm, b);
        long long v = s->VAL[li] * lmx;
        s->cur[a] = (unsigned char)li;
        int c = s->rk[li] - 1;
        s->rk[li] = c;
        go_left(s, a, child, v, wmx, xsx >= 0 ? (xsx + v) * wmx : 0, 1,
                c ? rack_mask0 : rack_mask0 ^ b);
        s->rk[li] = c + 1;
        if (s->err)
            return;
    }
    if (s->rk[BL]) {
        s->rk[BL]--;
        long long cs = xsx >= 0 ? xsx * wmx : 0;
        m = cand;
        while (m) {
            uint64_t b = m & (~m + 1);
            m ^= b;
            int li = ctz64(b);
            uint32_t child = edge_at(&s->R, s->rroot, rm, b);
            s->cur[a] = (unsigned char)(li | BLANK_BIT);
            go_left(s, a, child, 0, wmx, cs, 1, rack_mask0);
            if (s->err)
                break;
        }
        s->rk[BL]++;
    }
}

/* Cross-check mask, cross-word sum and length per square of line r of the grid G
 * (nlines lines of s->width cells): generator._cross_info for one line. */
static void cross_line(S *s, const unsigned char *G, int nlines, int r)
{
    const int w = s->width;
    const unsigned char *line = G + (size_t)r * w;
    const Half *F = &s->F;
    for (int x = 0; x < w; x++) {
        s->xc[x] = s->ALL;
        s->xs[x] = -1;
        s->xl[x] = 0;
        if (line[x] != EMPTY) {
            s->xc[x] = 0;
            continue;
        }
        int above = r > 0 && G[(size_t)(r - 1) * w + x] != EMPTY;
        int below = r + 1 < nlines && G[(size_t)(r + 1) * w + x] != EMPTY;
        if (!above && !below)
            continue;
        int i = r - 1;
        while (i >= 0 && G[(size_t)i * w + x] != EMPTY)
            i--;
        int j = r + 1;
        while (j < nlines && G[(size_t)j * w + x] != EMPTY)
            j++;
        long long sum = 0;
        for (int k = i + 1; k < j; k++) {
            if (k == r)
                continue;
            unsigned char code = G[(size_t)k * w + x];
            if (!(code & BLANK_BIT))
                sum += s->VAL[code & 0x3F];
        }
        s->xs[x] = sum;
        s->xl[x] = (r - 1 - i) + (j - 1 - r) + 1;
        uint64_t mask = 0;
        uint32_t n = s->froot;
        for (int k = i + 1; k < r; k++) {
            uint64_t m = mask_at(F, n);
            uint64_t b = (uint64_t)1 << (G[(size_t)k * w + x] & 0x3F);
            if (!(m & b)) {
                n = 0;
                break;
            }
            n = edge_at(F, n, m, b);
        }
        if (n) {
            uint64_t m0 = mask_at(F, n);
            Py_ssize_t kk = (Py_ssize_t)n < F->n ? (Py_ssize_t)F->start[n] : F->nedge;
            for (int li = 0; li < s->BL; li++) {
                uint64_t b = (uint64_t)1 << li;
                if (!(m0 & b))
                    continue;
                uint32_t c = kk < F->nedge ? F->edge[kk] : 0;
                kk++;
                for (int k = r + 1; k < j; k++) {
                    uint64_t m = mask_at(F, c);
                    uint64_t bb = (uint64_t)1 << (G[(size_t)k * w + x] & 0x3F);
                    if (!(m & bb)) {
                        c = 0;
                        break;
                    }
                    c = edge_at(F, c, m, bb);
                }
                if (c && (mask_at(F, c) & s->FINAL))
                    mask |= b;
            }
        }
        s->xc[x] = mask;
    }
}

/* generator._search for one direction: the lines of grid G (nlines x s->width). */
static int search(S *s, const unsigned char *G, int nlines, const unsigned char *LM,
                  const unsigned char *WM, int lm_stride, int lm_step, PyObject *only,
                  int first, int first_line, int first_x, int min_first)
{
    const int w = s->width;
    uint64_t rack_mask0 = 0;
    for (int i = 0; i < s->BL; i++)
        if (s->rk[i])
            rack_mask0 |= (uint64_t)1 << i;
    for (int r = 0; r < nlines && !s->err; r++) {
        if (only != NULL) {
            PyObject *key = PyLong_FromLong(r);
            if (!key)
                return -1;
            int in = PySet_Contains(only, key);
            Py_DECREF(key);
            if (in < 0)
                return -1;
            if (!in)
                continue;
        }
        const unsigned char *line = G + (size_t)r * w;
        if (first) {
            if (r != first_line)
                continue;
            for (int x = 0; x < w; x++) { /* the empty board: no cross words */
                s->xc[x] = s->ALL;
                s->xs[x] = -1;
                s->xl[x] = 0;
            }
        } else {
            int busy = 0;
            for (int x = 0; x < w && !busy; x++)
                busy = line[x] != EMPTY || (r > 0 && G[(size_t)(r - 1) * w + x] != EMPTY) ||
                       (r + 1 < nlines && G[(size_t)(r + 1) * w + x] != EMPTY);
            if (!busy)
                continue; /* nothing on or beside this line */
            cross_line(s, G, nlines, r);
        }
        Py_XSETREF(s->line_obj, PyLong_FromLong(r));
        if (!s->line_obj)
            return -1;
        for (int x = 0; x < w; x++) {
            /* the premium tables are the board's (row-major); a down line is a column */
            size_t p = (size_t)r * lm_stride + (size_t)x * lm_step;
            s->lm[x] = LM[p];
            s->wm[x] = WM[p];
            s->occ[x] = line[x] != EMPTY;
            s->cur[x] = line[x];
        }
        s->occ[w] = 0;
        for (int x = 0; x < w + 2; x++)
            s->run_end[x] = -1;
        /* runs of board tiles */
        int rs_[MAXW], re_[MAXW], nruns = 0;
        for (int x = 0; x < w;) {
            if (s->occ[x]) {
                int y = x;
                while (y + 1 < w && s->occ[y + 1])
                    y++;
                rs_[nruns] = x;
                re_[nruns++] = y;
                long long rv = 0;
                for (int k = x; k <= y; k++)
                    if (!(line[k] & BLANK_BIT))
                        rv += s->VAL[line[k] & 0x3F];
                s->run_end[x] = y + 1;
                s->run_rv[x] = rv;
                x = y + 2;
            } else {
                x++;
            }
        }
        /* moves whose main word contains board tiles: from their leftmost run */
        s->min_np = 1;
        s->rlim = w;
        int prev_end = -2;
        for (int q = 0; q < nruns && !s->err; q++) {
            int rs = rs_[q], re = re_[q];
            s->llim = prev_end + 2;
            prev_end = re;
            uint32_t n = s->rroot;
            int ok = 1;
            for (int k = re; k >= rs; k--) {
                uint64_t m = mask_at(&s->R, n);
                uint64_t b = (uint64_t)1 << (line[k] & 0x3F);
                if (!(m & b)) {
                    ok = 0;
                    break;
                }
                n = edge_at(&s->R, n, m, b);
            }
            if (!ok)
                continue;
            s->rend = re;
            go_left(s, rs, n, s->run_rv[rs], 1, 0, 0, rack_mask0);
        }
        /* moves touching the board only through cross words: from their leftmost anchor */
        s->min_np = first ? (min_first > 2 ? min_first : 2) : 2;
        for (int a = 0; a < w && !s->err; a++) {
            if (first) {
                if (a != first_x)
                    continue;
            } else if (s->occ[a] || !s->xl[a] || (a > 0 && s->occ[a - 1]) ||
                       (a + 1 < w && s->occ[a + 1])) {
                continue;
            }
            int y = a;
            while (y > 0 && !s->occ[y - 1] && !s->xl[y - 1] && !(y > 1 && s->occ[y - 2]))
                y--;
            s->llim = y;
            int z = a + 1;
            while (z < w && !s->occ[z])
                z++;
            s->rlim = z < w ? z - 1 : w;
            start_at_anchor(s, a, rack_mask0);
        }
    }
    return s->err ? -1 : 0;
}

/* A code point -> cell code table (open addressing on the low byte). */
typedef struct {
    Py_UCS4 cp[256];
    unsigned char code[256];
    unsigned char used[256];
} CharMap;

static void map_put(CharMap *cm, Py_UCS4 cp, unsigned char code)
{
    unsigned h = cp & 0xFF;
    while (cm->used[h] && cm->cp[h] != cp)
        h = (h + 1) & 0xFF;
    if (!cm->used[h]) { /* the first letter given a code point keeps it */
        cm->used[h] = 1;
        cm->cp[h] = cp;
        cm->code[h] = code;
    }
}

static int map_get(const CharMap *cm, Py_UCS4 cp)
{
    unsigned h = cp & 0xFF;
    while (cm->used[h]) {
        if (cm->cp[h] == cp)
            return cm->code[h];
        h = (h + 1) & 0xFF;
    }
    return -1;
}

static int get_buffer(PyObject *o, Py_buffer *v, int *held)
{
    if (PyObject_GetBuffer(o, v, PyBUF_SIMPLE) < 0)
        return -1;
    (*held)++;
    return 0;
}

static PyObject *generate(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *gargs, *rargs, *board, *rack, *only_r, *only_c, *out;
    if (!PyArg_ParseTuple(args, "O!O!UUOOO!", &PyTuple_Type, &gargs, &PyTuple_Type, &rargs,
                          &board, &rack, &only_r, &only_c, &PyList_Type, &out))
        return NULL;
    PyObject *fmask_o, *fstart_o, *fedge_o, *rmask_o, *rstart_o, *redge_o, *rsep_o;
    int fsize, rsize, nletters;
    unsigned long froot, rroot;
    if (!PyArg_ParseTuple(gargs, "OiOOOiOOOkki", &fmask_o, &fsize, &fstart_o, &fedge_o,
                          &rmask_o, &rsize, &rstart_o, &redge_o, &rsep_o, &froot, &rroot,
                          &nletters))
        return NULL;
    int rows, cols, rack_size, min_first, start_r, start_c;
    PyObject *lm_o, *wm_o, *values, *upper, *lower;
    long long bingo;
    if (!PyArg_ParseTuple(rargs, "iiSSO!UULiiii", &rows, &cols, &lm_o, &wm_o, &PyTuple_Type,
                          &values, &upper, &lower, &bingo, &rack_size, &min_first, &start_r,
                          &start_c))
        return NULL;
    if ((fsize != 4 && fsize != 8) || (rsize != 4 && rsize != 8)) {
        PyErr_SetString(PyExc_ValueError, "mask items must be 4 or 8 bytes");
        return NULL;
    }
    if (nletters < 1 || nletters > 63 || (nletters > 31 && (fsize == 4 || rsize == 4))) {
        PyErr_SetString(PyExc_ValueError, "bad alphabet size");
        return NULL;
    }
    if (rows < 1 || cols < 1 || rows > MAXW || cols > MAXW) {
        PyErr_SetString(PyExc_ValueError, "the board is too large for the compiled search");
        return NULL;
    }
    if (PyBytes_GET_SIZE(lm_o) != (Py_ssize_t)rows * cols ||
        PyBytes_GET_SIZE(wm_o) != (Py_ssize_t)rows * cols) {
        PyErr_SetString(PyExc_ValueError, "premium tables of the wrong size");
        return NULL;
    }
    if (PyTuple_GET_SIZE(values) != nletters || PyUnicode_GET_LENGTH(upper) != nletters ||
        PyUnicode_GET_LENGTH(lower) != nletters) {
        PyErr_SetString(PyExc_ValueError, "letter tables of the wrong size");
        return NULL;
    }
    if (PyUnicode_GET_LENGTH(board) != (Py_ssize_t)rows * cols) {
        PyErr_SetString(PyExc_ValueError, "the board text has the wrong size");
        return NULL;
    }
    if (only_r != Py_None && !PyAnySet_Check(only_r)) {
        PyErr_SetString(PyExc_TypeError, "only_rows must be None or a set");
        return NULL;
    }
    if (only_c != Py_None && !PyAnySet_Check(only_c)) {
        PyErr_SetString(PyExc_TypeError, "only_cols must be None or a set");
        return NULL;
    }

    S *s = PyMem_Calloc(1, sizeof(S));
    unsigned char *G0 = PyMem_Malloc((size_t)rows * cols * 2);
    if (!s || !G0) {
        PyMem_Free(s);
        PyMem_Free(G0);
        return PyErr_NoMemory();
    }
    unsigned char *G1 = G0 + (size_t)rows * cols;
    Py_buffer bufs[7];
    int held = 0;
    PyObject *result = NULL;
    PyObject *objs[7] = {fmask_o, fstart_o, fedge_o, rmask_o, rstart_o, redge_o, rsep_o};
    for (int i = 0; i < 7; i++)
        if (get_buffer(objs[i], &bufs[i], &held) < 0)
            goto done;

    s->F.mask = bufs[0].buf;
    s->F.wide = fsize == 8;
    s->F.n = bufs[0].len / fsize;
    if (bufs[1].len / 4 < s->F.n)
        s->F.n = bufs[1].len / 4;
    s->F.start = bufs[1].buf;
    s->F.edge = bufs[2].buf;
    s->F.nedge = bufs[2].len / 4;
    s->R.mask = bufs[3].buf;
    s->R.wide = rsize == 8;
    s->R.n = bufs[3].len / rsize;
    if (bufs[4].len / 4 < s->R.n)
        s->R.n = bufs[4].len / 4;
    s->R.start = bufs[4].buf;
    s->R.edge = bufs[5].buf;
    s->R.nedge = bufs[5].len / 4;
    s->rsep = bufs[6].buf;
    s->nrsep = bufs[6].len / 4;
    s->froot = (uint32_t)froot;
    s->rroot = (uint32_t)rroot;
    s->BL = nletters;
    s->FINAL = (uint64_t)1 << nletters;
    s->ALL = s->FINAL - 1;
    s->bingo = bingo;
    s->rack_size = rack_size;
    s->out = out;
    for (int i = 0; i < nletters; i++) {
        long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(values, i));
        if (v == -1 && PyErr_Occurred())
            goto done;
        s->VAL[i] = v;
        s->up[i] = PyUnicode_READ_CHAR(upper, i);
        s->low[i] = PyUnicode_READ_CHAR(lower, i);
    }

    s->ascii = 1;
    for (int i = 0; i < nletters; i++) {
        if (s->up[i] > 127 || s->low[i] > 127)
            s->ascii = 0;
        s->ascii_of[i] = (unsigned char)s->up[i];
        s->ascii_of[i | BLANK_BIT] = (unsigned char)s->low[i];
    }

    /* the board as cell codes, rows (G0) and columns (G1) */
    CharMap map;
    memset(&map, 0, sizeof(map));
    for (int i = 0; i < nletters; i++)
        map_put(&map, s->up[i], (unsigned char)i);
    for (int i = 0; i < nletters; i++)
        map_put(&map, s->low[i], (unsigned char)(i | BLANK_BIT));
    int bkind = PyUnicode_KIND(board);
    const void *bdata = PyUnicode_DATA(board);
    int empty = 1;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            Py_UCS4 ch = PyUnicode_READ(bkind, bdata, (Py_ssize_t)r * cols + c);
            int code = EMPTY;
            if (ch != '.') {
                code = map_get(&map, ch);
                if (code < 0) { /* not a letter of the alphabet: the caller says why */
                    result = Py_False;
                    Py_INCREF(result);
                    goto done;
                }
                empty = 0;
            }
            G0[(size_t)r * cols + c] = (unsigned char)code;
            G1[(size_t)c * rows + r] = (unsigned char)code;
        }
    }
    Py_ssize_t nr = PyUnicode_GET_LENGTH(rack);
    if (nr == 0) {
        result = Py_True;
        Py_INCREF(result);
        goto done;
    }
    int rkind = PyUnicode_KIND(rack);
    const void *rdata = PyUnicode_DATA(rack);
    for (Py_ssize_t i = 0; i < nr; i++) {
        Py_UCS4 ch = PyUnicode_READ(rkind, rdata, i);
        int code = ch == '?' ? nletters : map_get(&map, ch);
        if (code < 0 || (code != nletters && (code & BLANK_BIT))) {
            PyErr_SetString(PyExc_ValueError, "bad rack letter");
            goto done;
        }
        s->rk[code]++;
    }

    const unsigned char *LM = (const unsigned char *)PyBytes_AS_STRING(lm_o);
    const unsigned char *WM = (const unsigned char *)PyBytes_AS_STRING(wm_o);
    int first = empty;
    /* across: the rows */
    if (only_r == Py_None || PySet_GET_SIZE(only_r)) {
        s->down = 0;
        s->tie_ok = 1;
        s->down_obj = PyLong_FromLong(0);
        if (!s->down_obj)
            goto done;
        s->width = cols;
        int rc = search(s, G0, rows, LM, WM, cols, 1, only_r == Py_None ? NULL : only_r, first,
                        start_r, start_c, min_first);
        Py_CLEAR(s->down_obj);
        if (rc < 0)
            goto done;
    }
    /* down: the columns, as the lines of the transposed board */
    if (only_c == Py_None || PySet_GET_SIZE(only_c)) {
        s->down = 1;
        s->tie_ok = 0;
        s->down_obj = PyLong_FromLong(1);
        if (!s->down_obj)
            goto done;
        s->width = rows;
        int rc = search(s, G1, cols, LM, WM, 1, cols, only_c == Py_None ? NULL : only_c, first,
                        start_c, start_r, min_first);
        Py_CLEAR(s->down_obj);
        if (rc < 0)
            goto done;
    }
    result = Py_True;
    Py_INCREF(result);
done:
    if (s)
        Py_XDECREF(s->line_obj);
    for (int i = 0; i < held; i++)
        PyBuffer_Release(&bufs[i]);
    PyMem_Free(G0);
    PyMem_Free(s);
    return result;
}

/* leaves(rows, rack, records, values) -> list of (score, record, leave, leave_points)
 *
 * For the endgame search (endgame.py, EndgameSolver._entry, whose pure-Python loop gives
 * the same list): per move record (score, down, line, start, word) on the board ``rows``
 * (a tuple of str, "." empty), the tiles the word places are those on empty squares, a
 * lower-case letter being a blank ("?" on the rack); ``leave`` is the sorted ``rack`` less
 * those tiles (the rack's order kept) and ``leave_points`` the sum of ``values`` (a dict
 * of one-character str to int; missing: 0) over it.  A tile the rack does not hold raises
 * ValueError, as list.remove does. */
#define LEAVE_MAXRACK 16

static PyObject *leaves(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *rows, *rack, *records, *values;
    if (!PyArg_ParseTuple(args, "O!UO!O!", &PyTuple_Type, &rows, &rack, &PyList_Type,
                          &records, &PyDict_Type, &values))
        return NULL;
    Py_ssize_t nr = PyUnicode_GET_LENGTH(rack);
    if (nr > LEAVE_MAXRACK) {
        PyErr_SetString(PyExc_ValueError, "rack too long");
        return NULL;
    }
    Py_UCS4 rk[LEAVE_MAXRACK];
    long long rv[LEAVE_MAXRACK];
    for (Py_ssize_t i = 0; i < nr; i++) {
        rk[i] = PyUnicode_READ_CHAR(rack, i);
        PyObject *key = PyUnicode_Substring(rack, i, i + 1);
        if (!key)
            return NULL;
        PyObject *v = PyDict_GetItemWithError(values, key);
        Py_DECREF(key);
        if (!v && PyErr_Occurred())
            return NULL;
        rv[i] = v ? PyLong_AsLongLong(v) : 0;
        if (rv[i] == -1 && PyErr_Occurred())
            return NULL;
    }
    Py_ssize_t nrows = PyTuple_GET_SIZE(rows);
    for (Py_ssize_t r = 0; r < nrows; r++)
        if (!PyUnicode_Check(PyTuple_GET_ITEM(rows, r))) {
            PyErr_SetString(PyExc_TypeError, "rows must be str");
            return NULL;
        }
    /* one leave object per set of rack places used (racks of up to 7 tiles: 128 sets) */
    PyObject *cache[128] = {NULL};
    Py_ssize_t n = PyList_GET_SIZE(records);
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *rec = PyList_GET_ITEM(records, k);
        if (!PyTuple_Check(rec) || PyTuple_GET_SIZE(rec) != 5) {
            PyErr_SetString(PyExc_TypeError, "a record must be a 5-tuple");
            goto fail;
        }
        PyObject *score = PyTuple_GET_ITEM(rec, 0);
        long down = PyLong_AsLong(PyTuple_GET_ITEM(rec, 1));
        Py_ssize_t line = PyLong_AsSsize_t(PyTuple_GET_ITEM(rec, 2));
        Py_ssize_t start = PyLong_AsSsize_t(PyTuple_GET_ITEM(rec, 3));
        PyObject *word = PyTuple_GET_ITEM(rec, 4);
        if (PyErr_Occurred())
            goto fail;
        if (!PyUnicode_Check(word)) {
            PyErr_SetString(PyExc_TypeError, "a record's word must be str");
            goto fail;
        }
        Py_ssize_t wl = PyUnicode_GET_LENGTH(word);
        unsigned used = 0;
        for (Py_ssize_t i = 0; i < wl; i++) {
            Py_ssize_t r = down ? start + i : line, c = down ? line : start + i;
            if (r < 0 || r >= nrows) {
                PyErr_SetString(PyExc_IndexError, "a record runs off the board");
                goto fail;
            }
            PyObject *row = PyTuple_GET_ITEM(rows, r);
            if (c < 0 || c >= PyUnicode_GET_LENGTH(row)) {
                PyErr_SetString(PyExc_IndexError, "a record runs off the board");
                goto fail;
            }
            if (PyUnicode_READ_CHAR(row, c) != '.')
                continue;
            Py_UCS4 ch = PyUnicode_READ_CHAR(word, i);
            Py_UCS4 tile = Py_UNICODE_ISLOWER(ch) ? (Py_UCS4)'?' : ch;
            Py_ssize_t j = 0;
            while (j < nr && ((used >> j) & 1u || rk[j] != tile))
                j++;
            if (j == nr) {
                PyErr_SetString(PyExc_ValueError, "a record places a tile the rack lacks");
                goto fail;
            }
            used |= 1u << j;
        }
        PyObject *leave = NULL;
        if (used < 128 && cache[used]) {
            leave = cache[used];
            Py_INCREF(leave);
        } else {
            Py_UCS4 buf[LEAVE_MAXRACK];
            Py_ssize_t m = 0;
            for (Py_ssize_t j = 0; j < nr; j++)
                if (!((used >> j) & 1u))
                    buf[m++] = rk[j];
            leave = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, buf, m);
            if (!leave)
                goto fail;
            if (used < 128) {
                cache[used] = leave;
                Py_INCREF(leave);
            }
        }
        long long lv = 0;
        for (Py_ssize_t j = 0; j < nr; j++)
            if (!((used >> j) & 1u))
                lv += rv[j];
        PyObject *lvo = PyLong_FromLongLong(lv);
        if (!lvo) {
            Py_DECREF(leave);
            goto fail;
        }
        PyObject *t = PyTuple_Pack(4, score, rec, leave, lvo);
        Py_DECREF(leave);
        Py_DECREF(lvo);
        if (!t)
            goto fail;
        PyList_SET_ITEM(out, k, t);
    }
    for (int i = 0; i < 128; i++)
        Py_XDECREF(cache[i]);
    return out;
fail:
    for (int i = 0; i < 128; i++)
        Py_XDECREF(cache[i]);
    Py_DECREF(out);
    return NULL;
}

static PyMethodDef methods[] = {
    {"generate", generate, METH_VARARGS,
     "generate(graph_args, rules_args, board, rack, only_rows, only_cols, out) -> bool: "
     "append every move's record (score, down, line, start, word) to out, in the order of "
     "the pure-Python search (see generator.py); False for a board character outside the "
     "alphabet."},
    {"leaves", leaves, METH_VARARGS,
     "leaves(rows, rack, records, values) -> [(score, record, leave, leave_points)]: what "
     "stays on the sorted rack after each move record and its points (the endgame "
     "search's move list; endgame.py gives the same in Python)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_movegen",
    "The move search of wordbler.boardgame.movegen.generator in C (optional; same records).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__movegen(void)
{
    return PyModule_Create(&module);
}
