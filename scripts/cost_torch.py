#!/usr/bin/python3
"""The chapter's scaled_dot_product_attention (PyTorch, CPU, float32, d_k = 64, batch 1) at one n,
timed and measured in this process: what the cost lab's benchmark is set beside.

The function is copied word for word from ../shared/bench/anchor_torch.py (importing that file
would run its own loop, which stops at n = 4096). Runs it 3 times (no separate warm-up: at
n = 32,768 one call takes seconds) and prints one JSON line: n, causal, the median and the three
times in ms, the process's peak resident size (ru_maxrss, torch and the inputs included) and the
peak extra memory of the calls, measured as AttnViz's meter does (core/base/PeakMemory.h: the
peak is reset through /proc/self/clear_refs once the inputs and the mask exist, then VmHWM − VmRSS
at the reset); or, when an allocation fails, the error. Threads: $THREADS (default 2).
The address space can be capped (--cap-gib G, RLIMIT_AS) so that a size needing more memory than
the machine has fails with an allocation error in this process instead of waking the kernel's
out-of-memory killer on a shared machine.
Usage: scripts/cost_torch.py N [--causal] [--cap-gib G]
"""
import json
import math
import os
import resource
import statistics
import sys
import time

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float('-inf'))
    attention_weights = torch.softmax(scores, dim=-1)
    output = torch.matmul(attention_weights, V)
    return output, attention_weights


def peak_bytes():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # ru_maxrss is in KiB on Linux


def status_bytes(name):
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(name + ":"):
                return int(line.split()[1]) * 1024  # kB
    return -1


def reset_peak():
    """VmHWM back to VmRSS (as PeakMemoryMeter does); returns VmRSS then."""
    with open("/proc/self/clear_refs", "w") as clear_refs:
        clear_refs.write("5")
    return status_bytes("VmRSS")


def main(argv):
    n = int(argv[1])
    causal = "--causal" in argv
    if "--cap-gib" in argv:
        cap = int(float(argv[argv.index("--cap-gib") + 1]) * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    torch.set_num_threads(int(os.environ.get("THREADS", "2")))
    d = 64
    report = {"n": n, "causal": causal}
    resident = None
    try:
        g = torch.Generator().manual_seed(0)
        Q, K, V = (torch.randn(1, n, d, generator=g) for _ in range(3))
        mask = torch.tril(torch.ones(n, n)) if causal else None  # the chapter's causal mask, n × n
        resident = reset_peak()
        times = []
        with torch.no_grad():
            for _ in range(3):
                t = time.perf_counter()
                output, weights = scaled_dot_product_attention(Q, K, V, mask)
                times.append((time.perf_counter() - t) * 1e3)
                del output, weights
        report["times_ms"] = times
        report["median_ms"] = statistics.median(times)
    except (MemoryError, RuntimeError) as error:  # torch's "can't allocate memory" is a RuntimeError
        report["error"] = str(error).splitlines()[0][:200]
    if resident is not None:
        report["peak_extra_bytes"] = status_bytes("VmHWM") - resident
    report["peak_bytes"] = peak_bytes()
    print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main(sys.argv)
