// The dense matcher core at 6 limbs (weights of 253 to 380 bits: the Netrunner rounds
// of a few thousand players): Blossom<6, void> compiled once, here (see engine.hpp);
// and the weight-free parts every matcher shares, BlossomCore and OrderStore (the
// compact graph's row store and pair store; blossom.hpp), compiled once for all widths
// and graph kinds.  No Python in this unit.
#include <algorithm>
#include <vector>

#include "engine_impl.hpp"

FAIRPAIR_INSTANTIATE_ENGINE(6, void)

namespace fairpair {

BlossomCore::~BlossomCore() = default;

void BlossomCore::absorb_leaves(int b) {
    for_leaves(b, [this, b](int x) {
        if (label_[inblossom_[x]] == 2) {
            queue_.push_back(x);
            add_svert(x);
        }
        inblossom_[x] = b;
    });
}

void BlossomCore::forget_leaves(int b) {
    for_leaves(b, [this](int v) {
        ++sepoch_[v];
        label_[v] = 0;
        lfrom_[v] = lto_[v] = -1;
        best_[v] = Edge{};
        needbest_[v] = 1;
    });
}

void BlossomCore::point_leaves(int s, int to) {
    for_leaves(s, [this, to](int v) { inblossom_[v] = to; });
}

void BlossomCore::assign_label(int w, int t, int from) {
    const int b = inblossom_[w];
    label_[w] = label_[b] = t;
    lfrom_[w] = lfrom_[b] = from;
    lto_[w] = lto_[b] = w;
    best_[w] = best_[b] = Edge{};
    tree_[w] = tree_[b] = from == -1 ? w : tree_[inblossom_[from]];
    if (t == 1) {
        for_leaves(b, [this](int v) {
            queue_.push_back(v);
            add_svert(v);
        });
    } else {
        const int base = base_[b];
        const int m = mate_[base];
        assign_label(m, 1, base);
    }
}

int BlossomCore::scan_blossom(int v, int w) {
    std::vector<int> path;
    int result = -1;
    while (v != -1 || w != -1) {
        int b = inblossom_[v];
        if (label_[b] & 4) {
            result = base_[b];
            break;
        }
        path.push_back(b);
        label_[b] = 5;
        if (lfrom_[b] == -1) {
            v = -1;
        } else {
            const int t = lfrom_[b];
            const int bt = inblossom_[t];
            v = lfrom_[bt];
        }
        if (w != -1) std::swap(v, w);
    }
    for (int b : path) label_[b] = 1;
    return result;
}

void BlossomCore::drop_list(int b) {
    // Released, not only cleared: a slot keeps no capacity once its blossom's list
    // is gone (nested blossoms otherwise hold O(n) each, O(n^2) in all).
    std::vector<Edge>().swap(bestlist_[b]);
    haslist_[b] = 0;
    std::vector<int>().swap(pending_[b]);
}

void BlossomCore::augment_blossom(int b, int v) {
    int t = v;
    while (parent_[t] != b) t = parent_[t];
    if (t >= n_) augment_blossom(t, v);
    std::vector<int>& ch = childs_[b];
    std::vector<Edge>& en = ends_[b];
    const int k = static_cast<int>(ch.size());
    const int i = static_cast<int>(std::find(ch.begin(), ch.end(), t) - ch.begin());
    const int step = (i & 1) ? 1 : -1;
    int j = i;
    while (j != 0) {
        const int j1 = wrap(j + step, k);
        const int j2 = wrap(j1 + step, k);
        int x, y;  // x in ch[j1], y in ch[j2]
        if (step == 1) {
            x = en[j1].a;
            y = en[j1].b;
        } else {
            x = en[j2].b;
            y = en[j2].a;
        }
        if (ch[j1] >= n_) augment_blossom(ch[j1], x);
        if (ch[j2] >= n_) augment_blossom(ch[j2], y);
        mate_[x] = y;
        mate_[y] = x;
        j = j2;
    }
    std::rotate(ch.begin(), ch.begin() + i, ch.end());
    std::rotate(en.begin(), en.begin() + i, en.end());
    base_[b] = v;
}

void BlossomCore::augment_side(int s, int j) {
    for (;;) {
        const int bs = inblossom_[s];
        if (bs >= n_) augment_blossom(bs, s);
        mate_[s] = j;
        if (lfrom_[bs] == -1) break;
        const int t = lfrom_[bs];
        const int bt = inblossom_[t];
        const int s2 = lfrom_[bt];
        const int j2 = lto_[bt];
        if (bt >= n_) augment_blossom(bt, j2);
        mate_[j2] = s2;
        s = s2;
        j = j2;
    }
}

// ------------------------------------------------------------ OrderStore

OrderStore::~OrderStore() = default;


// Compact: the doubled order o2 on every edge u-x with lo <= x < hi (the edges in
// increasing x, each as set_order2 would).
void OrderStore::put_range2(int u, int lo, int hi, int64_t o2) {
    std::vector<int> xs;
    row_edges(u, lo, hi, xs);
    if (xs.empty()) return;
    if (!pairs_ && !span_fits(u, xs, o2)) to_pairs();
    if (pairs_) {
        for (int x : xs) store2(u, x, o2);
        return;
    }
    std::vector<int64_t> old(xs.size());
    for (size_t q = 0; q < xs.size(); ++q) old[q] = order2(u, xs[q]);
    if (u == ex_) {
        for (int x : xs) exv_[static_cast<size_t>(x)] = o2;
    } else {
        Span& s = span_[static_cast<size_t>(u)];
        const int first = xs.front(), last = xs.back() + 1;
        if (s.lo >= s.hi || (!any_edge(u, s.lo, first) && !any_edge(u, last, s.hi)))
            s = Span{first, last, o2};
        else
            s = Span{std::min(s.lo, first), std::max(s.hi, last), o2};
        const int p = sp_[static_cast<size_t>(u)];
        if (p >= first && p < last) drop_single(u);
        if (ex_ >= first && ex_ < last && has_edge(u, ex_)) exv_[static_cast<size_t>(u)] = o2;
    }
    for (size_t q = 0; q < xs.size(); ++q)
        if (old[q] != o2) touched(u, xs[q], true);
}


// Compact: the doubled orders o[q] on the edges u-xs[q] that exist (set_order2 on
// each in turn).
void OrderStore::put_row2(int u, const std::vector<int>& xs, const std::vector<int64_t>& o) {
    if (!pairs_ && u != ex_) {
        if (ex_ >= 0 && any_edge(ex_, 0, n_)) {
            to_pairs();
        } else {
            // u's row written out, as it reads now.
            std::vector<int64_t> row(static_cast<size_t>(n_), 0);
            for_bits(u, 0, n_, [&](int x) {
                row[static_cast<size_t>(x)] = order2(u, x);
                return true;
            });
            drop_single(u);
            exv_.swap(row);
            ex_ = u;
        }
    }
    for (size_t q = 0; q < xs.size(); ++q) {
        const int x = xs[q];
        if (x == u || !has_edge(u, x)) continue;
        if (pairs_) {
            store2(u, x, o[q]);
        } else if (exv_[static_cast<size_t>(x)] != o[q]) {
            exv_[static_cast<size_t>(x)] = o[q];
            touched(u, x, true);
        }
    }
}


// Compact: remove every edge u-x with lo <= x < hi (each as set_order2(u, x,
// kAbsent) would).
void OrderStore::remove_row(int u, int lo, int hi) {
    std::vector<int> xs;
    row_edges(u, lo, hi, xs);
    for (int x : xs) store2(u, x, kAbsent);
}


// Compact: among lo..hi-1 keep only the edges from a top vertex p to a later x that
// is not top, with the doubled order 2 (hi - p)(hi - x); pair by pair in increasing
// p, then x, as set_order2 would.
void OrderStore::keep_top(int lo, int hi, const std::vector<bool>& top) {
    if (!pairs_ && ktlo_ < kthi_) to_pairs();
    auto hint = [hi](int p, int x) { return 2 * static_cast<int64_t>(hi - p) * (hi - x); };
    if (pairs_) {
        for (int p = lo; p < hi; ++p)
            for (int x = p + 1; x < hi; ++x) {
                if (!has_edge(p, x)) continue;
                const bool cut = !top[static_cast<size_t>(p)] || top[static_cast<size_t>(x)];
                store2(p, x, cut ? kAbsent : hint(p, x));
            }
        return;
    }
    for (int p = lo; p < hi; ++p) {
        for_bits(p, p + 1, hi, [&](int x) {
            if (!top[static_cast<size_t>(p)] || top[static_cast<size_t>(x)]) {
                cut_edge(p, x);
                touched(p, x, false);
            } else if (order2(p, x) != hint(p, x)) {
                touched(p, x, true);
            }
            return true;
        });
    }
    ktlo_ = lo;
    kthi_ = hi;
    if (ex_ >= lo && ex_ < hi)
        for (int x = lo; x < hi; ++x)
            if (x != ex_) exv_[static_cast<size_t>(x)] = hint(std::min(x, ex_), std::max(x, ex_));
    for (int v = lo; v < hi; ++v) {
        const int p = sp_[static_cast<size_t>(v)];
        if (p >= lo && p < hi) drop_single(v);
    }
}


// Compact: append the neighbours x of u with lo <= x < hi, increasing.
void OrderStore::row_edges(int u, int lo, int hi, std::vector<int>& out) const {
    lo = std::max(lo, 0);
    hi = std::min(hi, n_);
    if (pairs_) {
        for (int x = lo; x < hi; ++x)
            if (x != u && ord_[idx(u, x)] != kAbsent) out.push_back(x);
        return;
    }
    for_bits(u, lo, hi, [&out](int x) {
        out.push_back(x);
        return true;
    });
}

// ------------------------------------------ the row store of the compact graph

void OrderStore::clear_rows() {
    words_ = (n_ + 63) / 64;
    bits_.assign(static_cast<size_t>(n_) * static_cast<size_t>(words_), 0);
    span_.assign(static_cast<size_t>(n_), Span{});
    sp_.assign(static_cast<size_t>(n_), -1);
    spo_.assign(static_cast<size_t>(n_), 0);
    ex_ = -1;
    exv_.clear();
    ktlo_ = kthi_ = 0;
    ord_.clear();
    ord_.shrink_to_fit();
}


// Can the row store give every edge u-x, x in xs (all of u's edges in
// xs.front()..xs.back()), the order o2 as a span of u (u's later vertices), keeping
// the order of u's other edges?
bool OrderStore::span_fits(int u, const std::vector<int>& xs, int64_t o2) const {
    if (u == ex_) return true;
    const int first = xs.front(), last = xs.back() + 1;
    if (first <= u) return false;
    if (u >= ktlo_ && u < kthi_ && first < kthi_ && last > ktlo_) {
        for (int x : xs)
            if (x >= ktlo_ && x < kthi_) return false;
    }
    const Span& s = span_[static_cast<size_t>(u)];
    if (s.lo >= s.hi) return true;
    if (!any_edge(u, s.lo, first) && !any_edge(u, last, s.hi)) return true;
    // One span over both: the same order, no edge between them.
    if (s.o2 != o2) return false;
    if (s.hi < first) return !any_edge(u, s.hi, first);
    if (last < s.lo) return !any_edge(u, last, s.lo);
    return true;
}


// The doubled order o (kAbsent: remove the edge) on the pair i-j, i marked changed
// when it changes (set_order2).
void OrderStore::store2(int i, int j, int64_t o) {
    if (pairs_) {
        int64_t& slot = ord_[idx(i, j)];
        if (slot == o) return;
        slot = o;
        ord_[idx(j, i)] = o;
        touched(i, j, o != kAbsent);
        return;
    }
    if (!has_edge(i, j)) {
        if (o == kAbsent) return;
        to_pairs();  // an edge added: only the pair store holds that
        store2(i, j, o);
        return;
    }
    if (o == kAbsent) {
        cut_edge(i, j);
        touched(i, j, false);
        return;
    }
    const int64_t old = order2(i, j);
    if (old == o) return;
    if (!single(i, j, o)) {
        to_pairs();
        store2(i, j, o);
        return;
    }
    touched(i, j, true);
}


// The order o on the edge i-j of the row store, by itself; false if that cannot
// be held (the caller turns to the pair store).
bool OrderStore::single(int i, int j, int64_t o) {
    if (i == ex_) {
        exv_[static_cast<size_t>(j)] = o;
        return true;
    }
    if (j == ex_) {
        exv_[static_cast<size_t>(i)] = o;
        return true;
    }
    const int a = std::min(i, j), b = std::max(i, j);
    if (a >= ktlo_ && b < kthi_) return false;
    const Span& s = span_[static_cast<size_t>(a)];
    const int64_t base = b >= s.lo && b < s.hi ? s.o2 : 0;
    if (sp_[static_cast<size_t>(i)] == j) {
        if (o == base) {
            drop_single(i);
        } else {
            spo_[static_cast<size_t>(i)] = spo_[static_cast<size_t>(j)] = o;
        }
        return true;
    }
    // A single-pair slot whose pair is no longer an edge is free.
    for (int v : {i, j}) {
        const int p = sp_[static_cast<size_t>(v)];
        if (p >= 0 && !has_edge(v, p)) drop_single(v);
    }
    if (sp_[static_cast<size_t>(i)] >= 0 || sp_[static_cast<size_t>(j)] >= 0) return false;
    sp_[static_cast<size_t>(i)] = j;
    sp_[static_cast<size_t>(j)] = i;
    spo_[static_cast<size_t>(i)] = spo_[static_cast<size_t>(j)] = o;
    return true;
}


// From the row store to the pair store, the same weights (O(n^2) once).
void OrderStore::to_pairs() {
    const int n = n_;
    std::vector<int64_t> ord(static_cast<size_t>(n) * static_cast<size_t>(n), kAbsent);
    for (int i = 0; i < n; ++i)
        for_bits(i, 0, n, [&](int j) {
            ord[idx(i, j)] = order2(i, j);
            return true;
        });
    pairs_ = true;
    ord_.swap(ord);
    bits_ = {};
    span_ = {};
    sp_ = {};
    spo_ = {};
    exv_ = {};
    ex_ = -1;
    ktlo_ = kthi_ = 0;
}

}  // namespace fairpair
