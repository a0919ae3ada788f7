// How long opening a GPT-2 checkpoint takes, and how much memory it holds afterwards.
//
//   gpt2_open_benchmark DIR [REPEATS]
//
// DIR: a model folder, e.g. GPT-2 small's shapes with random weights (never committed):
//   /usr/bin/python3 ../shared/bench/anchor_gpt2_torch.py make DIR
//   cp tests/fixtures/gpt2/encoder.json DIR/vocab.json; cp tests/fixtures/gpt2/vocab.bpe DIR/merges.txt
// The file is read once first, so that every open finds it in the page cache (a warm cache).
// Prints the median of REPEATS opens (default 7), then this process's resident memory
// (/proc/self/status) after one open, and again after reading every weight once, as the first
// forward pass does: RssAnon is memory of the process's own (copies), RssFile pages of the
// mapped file, which the system shares and can drop.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/gpt2/Gpt2Checkpoint.h"

namespace {

using attnviz::gpt2::Gpt2Checkpoint;
using attnviz::gpt2::Gpt2Weights;

/// A field of /proc/self/status ("VmRSS", "RssAnon", "RssFile") in MB, -1 when absent.
double statusMegabytes(const std::string& field) {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(field + ":", 0) == 0) return std::stod(line.substr(field.size() + 1)) / 1024;  // kB
    return -1;
}

void printMemory(const char* when) {
    std::printf("%-34s VmRSS %7.1f MB   RssAnon %7.1f MB   RssFile %7.1f MB\n", when, statusMegabytes("VmRSS"),
                statusMegabytes("RssAnon"), statusMegabytes("RssFile"));
}

/// Reads the whole file through the page cache, so that the opens below find it there.
void warmFileCache(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<char> chunk(1 << 20);
    while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {}
}

double secondsToOpen(const std::filesystem::path& folder) {
    const auto start = std::chrono::steady_clock::now();
    const Gpt2Checkpoint checkpoint = Gpt2Checkpoint::open(folder);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Reads every weight once (their sum, so that the reads are not optimised away).
double readEveryWeight(const Gpt2Weights& weights) {
    double sum = 0;
    const auto add = [&](const float* data, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) sum += data[i];
    };
    const auto matrix = [&](const attnviz::gpt2::MatrixView& m) {
        add(m.data, static_cast<std::size_t>(m.rows) * static_cast<std::size_t>(m.cols));
    };
    const auto vector = [&](std::span<const float> v) { add(v.data(), v.size()); };
    matrix(weights.tokenEmbedding);
    matrix(weights.positionEmbedding);
    for (const attnviz::gpt2::Gpt2Layer& l : weights.layers) {
        vector(l.ln1Weight), vector(l.ln1Bias), matrix(l.attnWeight), vector(l.attnBias);
        matrix(l.attnProjWeight), vector(l.attnProjBias), vector(l.ln2Weight), vector(l.ln2Bias);
        matrix(l.fcWeight), vector(l.fcBias), matrix(l.mlpProjWeight), vector(l.mlpProjBias);
    }
    vector(weights.lnFWeight), vector(weights.lnFBias);
    if (weights.outputEmbedding.data != weights.tokenEmbedding.data) matrix(weights.outputEmbedding);
    return sum;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: gpt2_open_benchmark DIR [REPEATS]\n");
        return 2;
    }
    const std::filesystem::path folder = argv[1];
    const int repeats = argc == 3 ? std::max(1, std::atoi(argv[2])) : 7;
    try {
        const std::filesystem::path weightsFile = folder / "model.safetensors";
        warmFileCache(weightsFile);
        std::printf("model.safetensors: %.1f MB\n", static_cast<double>(std::filesystem::file_size(weightsFile)) / (1 << 20));
        printMemory("before opening");
        {
            const Gpt2Checkpoint checkpoint = Gpt2Checkpoint::open(folder);
            std::printf("opened: %d layers, %d heads, n_embd %d; %.1f MB copied as float32\n", checkpoint.config().layers,
                        checkpoint.config().heads, checkpoint.config().embedding,
                        static_cast<double>(checkpoint.copiedBytes()) / (1 << 20));
            printMemory("after opening");
            const double sum = readEveryWeight(checkpoint.weights());
            printMemory("after reading every weight once");
            std::printf("(sum of the weights: %g)\n", sum);
        }
        std::vector<double> seconds;
        for (int i = 0; i < repeats; ++i) seconds.push_back(secondsToOpen(folder));
        std::sort(seconds.begin(), seconds.end());
        std::printf("open, median of %d: %.1f ms (fastest %.1f ms, slowest %.1f ms)\n", repeats,
                    1e3 * seconds[seconds.size() / 2], 1e3 * seconds.front(), 1e3 * seconds.back());
    } catch (const attnviz::Error& error) {
        std::fprintf(stderr, "gpt2_open_benchmark: %s\n", error.what());
        return 1;
    }
    return 0;
}
