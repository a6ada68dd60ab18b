# SPDX-License-Identifier: Apache-2.0
# Compiles an fp16 matmul with Triton and writes its PTX text and the parameters and launch facts
# Triton recorded, for the GPU test (tests/gpu/ml_types_test.cpp) that runs that PTX through accy
# unchanged.
#
#   python3 tests/gpu/triton/make_matmul_ptx.py tests/gpu/triton
#
# Made on the H200 GPU machine with Triton 3.6 (sm_90). It writes matmul_f16.ptx and matmul_f16.txt;
# the test declares the parameter list printed at the end of matmul_f16.txt (Triton appends two
# scratch pointers) and checks its block and shared memory against the numbers recorded there.
import sys

import triton
import triton.language as tl

from make_ptx import write_output

# The tiles and warps the test's declaration mirrors: a grid of ceil(M / 64) x ceil(N / 64) programs
# of 4 warps, 128 threads.
CONSTEXPRS = {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}
OPTIONS = {"num_warps": 4, "num_stages": 3}


@triton.jit
def matmul_f16(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """C = A @ B for row-major, contiguous A[M, K], B[K, N] and C[M, N] in f16, accumulated in f32.

    Program (i, j) computes the tile of C at rows i * BLOCK_M and columns j * BLOCK_N; the masks
    cover M, N and K that are not multiples of the tiles (loads past an edge read 0).
    """
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    columns = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + rows[:, None] * K + ks[None, :], mask=(rows[:, None] < M) & (ks[None, :] < K), other=0.0)
        b = tl.load(b_ptr + ks[:, None] * N + columns[None, :], mask=(ks[:, None] < K) & (columns[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    c_mask = (rows[:, None] < M) & (columns[None, :] < N)
    tl.store(c_ptr + rows[:, None] * N + columns[None, :], acc.to(tl.float16), mask=c_mask)


def main(folder):
    # No divisibility hints (attrs): M, N, K stay plain i32 parameters and ragged shapes are valid.
    source = triton.compiler.ASTSource(
        fn=matmul_f16,
        signature={"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32",
                   **{name: "constexpr" for name in CONSTEXPRS}},
        constexprs=CONSTEXPRS,
    )
    compiled = triton.compile(source, target=triton.backends.compiler.GPUTarget("cuda", 90, 32), options=OPTIONS)
    write_output(folder, "matmul_f16", compiled, {"constexprs": CONSTEXPRS})

if __name__ == "__main__":
    main(sys.argv[1])
