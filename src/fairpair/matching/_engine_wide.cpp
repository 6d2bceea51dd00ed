// The dense matcher core at 6 limbs (weights of 253 to 380 bits: the Netrunner rounds
// of a few thousand players): Blossom<6, void> compiled once, here (see engine.hpp);
// and the weight-free part every matcher shares, BlossomCore (blossom.hpp), compiled
// once for all widths and graph kinds.  No Python in this unit.
#include <algorithm>
#include <vector>

#include "engine_impl.hpp"

FAIRPAIR_INSTANTIATE_ENGINE(6, void)

namespace fairpair {

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

}  // namespace fairpair
