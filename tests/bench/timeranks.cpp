// SPDX-License-Identifier: MIT
// dvmlens-timeranks TREE: what rank consistency costs beside the scan it is part of. Builds the
// index as `dvmlens-cli scan` does (kernel bodies left out), then times rankConsistency on it,
// best of 5, and prints both times and the ratio.
#include "core/index/indexer.h"
#include "core/ranks/rankconsistency.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: dvmlens-timeranks TREE\n");
        return 2;
    }
    using Clock = std::chrono::steady_clock;
    dvmlens::IndexOptions options;
    options.kernelDetail = dvmlens::KernelDetail::Summary;
    std::string error;
    double index = 1e9;
    double ranks = 1e9;
    std::size_t divergent = 0;
    for (int attempt = 0; attempt < 5; ++attempt) {
        const auto start = Clock::now();
        const std::optional<dvmlens::Index> built = dvmlens::buildIndex(argv[1], options, error);
        if (!built) {
            std::fprintf(stderr, "dvmlens-timeranks: %s\n", error.c_str());
            return 2;
        }
        const auto indexed = Clock::now();
        const dvmlens::RankConsistency result = dvmlens::rankConsistency(*built);
        const auto done = Clock::now();
        divergent = result.divergent().size();
        index = std::min(index, std::chrono::duration<double>(indexed - start).count());
        ranks = std::min(ranks, std::chrono::duration<double>(done - indexed).count());
    }
    std::printf("index %.3f s, rank consistency %.4f s (%.1f%% of the index), %zu divergent graphs\n", index,
        ranks, 100.0 * ranks / index, divergent);
    return 0;
}
