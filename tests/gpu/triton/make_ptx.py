# SPDX-License-Identifier: Apache-2.0
# Compiles tests/gpu/triton's kernel with Triton and writes its PTX text and the parameters and
# launch facts Triton recorded, for the GPU test that runs that PTX through accy unchanged.
#
#   python3 tests/gpu/triton/make_ptx.py tests/gpu/triton
#
# Made on the H200 GPU machine with Triton 3.6 (sm_90); the test declares exactly the parameter
# list printed into scale_add.txt, the two trailing scratch pointers included.
import json
import sys

import triton
import triton.language as tl


@triton.jit
def scale_add(x_ptr, y_ptr, alpha, n, BLOCK: tl.constexpr):
    """y[i] = alpha * x[i] + 1 for i < n."""
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, alpha * x + 1.0, mask=mask)


def main(folder):
    source = triton.compiler.ASTSource(
        fn=scale_add,
        signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "alpha": "fp32", "n": "i32", "BLOCK": "constexpr"},
        constexprs={"BLOCK": 1024},
    )
    compiled = triton.compile(source, target=triton.backends.compiler.GPUTarget("cuda", 90, 32))
    write_output(folder, "scale_add", compiled)


def write_output(folder, name, compiled, more_facts=None):
    """Writes <name>.ptx, the PTX text, and <name>.txt: Triton's version, the metadata it recorded
    (with `more_facts`) and the kernel's .entry line with its parameters."""
    ptx = compiled.asm["ptx"]
    with open(f"{folder}/{name}.ptx", "w") as out:
        out.write(ptx)
    metadata = compiled.metadata._asdict() if hasattr(compiled.metadata, "_asdict") else dict(compiled.metadata)
    facts = {k: (v if isinstance(v, (int, str, float, bool, type(None))) else str(v)) for k, v in metadata.items()}
    facts.update(more_facts or {})
    with open(f"{folder}/{name}.txt", "w") as out:
        out.write(f"triton {triton.__version__}\n")
        out.write(json.dumps(facts, indent=1, sort_keys=True) + "\n")
        start = ptx.index(".entry")
        out.write(ptx[start:ptx.index(")", start) + 1] + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
