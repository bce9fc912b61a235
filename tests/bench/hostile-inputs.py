#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The hostile inputs of issue 30 that cost time or memory, written into OUT for a before/after
# measurement (`/usr/bin/time -v dvmlens-cli scan OUT/<input>`); see docs/hostile-input-bounds-archive.md.
#   deep.tar.gz        one empty entry a/a/…/x, 32,000 levels deep (a pax path): a few hundred bytes
#   longname.tar       one entry with a 1 MiB GNU long name (a/a/…/x)
#   provenance-list/   a graph whose provenance JSON holds one list of 400,000 distinct names (4.3 MB)
#   provenance-40mb/   a graph whose provenance JSON is 40 MB of short lists
#   fxframes/          a graph whose fx_graph_readable.py has 200,000 distinct `# File:` lines
#   rules-150k.json    150,000 rules (a rules file under the 16 MiB cap)
#   empty-graphs.tar.zst  1,000,000 empty graph folders (needs the zstd program)
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile

out = sys.argv[1] if len(sys.argv) > 1 else "hostile-inputs"
source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "resources", "samples",
                      "torch_compile_debug")
run = "run_2026_07_20_10_15_30_123456-pid_4101"
os.makedirs(out, exist_ok=True)


def entry(name, data=b"", kind=tarfile.REGTYPE):
    info = tarfile.TarInfo(name)
    info.type = kind
    info.size = len(data)
    return info, io.BytesIO(data)


with tarfile.open(os.path.join(out, "deep.tar.gz"), "w:gz", format=tarfile.PAX_FORMAT) as tar:
    tar.addfile(*entry("a/" * 32000 + "x"))
with tarfile.open(os.path.join(out, "longname.tar"), "w", format=tarfile.GNU_FORMAT) as tar:
    tar.addfile(*entry("a/" * 524287 + "x"))  # 1 MiB less one: the longest libarchive takes


def graph_tree(name):
    tree = os.path.join(out, name)
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(os.path.join(source, run), os.path.join(tree, "torch_compile_debug", run))
    return os.path.join(tree, "torch_compile_debug", run, "torchinductor", "model__0_forward_1.0")


mappings = "inductor_provenance_tracking_node_mappings.json"
with open(os.path.join(graph_tree("provenance-list"), mappings), "w") as f:
    json.dump({"pyCodeToPost": {"k": ["node_%d" % i for i in range(400000)]}}, f)
with open(os.path.join(graph_tree("provenance-40mb"), mappings), "w") as f:
    json.dump({"preToPost": {"pre_%d" % i: ["post_%d" % i, "post_%d" % (i + 1)] for i in range(1000000)}}, f)
with open(os.path.join(graph_tree("fxframes"), "fx_graph_readable.py"), "w") as f:
    f.write("class GraphModule(torch.nn.Module):\n    def forward(self, x):\n")
    for i in range(200000):
        f.write("        # File: /w/model.py:%d in forward, code: y%d = x + %d\n" % (i + 1, i, i))
        f.write("        add_%d: \"f32[4]\" = torch.ops.aten.add.Tensor(x, %d)\n" % (i, i))

rules = [{"id": "r%d" % i, "title": "t", "cause": "c",
          "fix": "f", "match": {"allOf": ["n%d" % i]}} for i in range(150000)]
with open(os.path.join(out, "rules-150k.json"), "w") as f:
    json.dump({"schema": "dvmlens.rules/1", "rules": rules}, f, separators=(",", ":"))

if shutil.which("zstd"):
    plain = os.path.join(out, "empty-graphs.tar")
    with tarfile.open(plain, "w", format=tarfile.GNU_FORMAT) as tar:
        base = "t/" + run + "/torchinductor/"
        for i in range(1000000):
            tar.addfile(*entry(base + "model__0_forward_%d.%d" % (i, i), kind=tarfile.DIRTYPE))
    subprocess.run(["zstd", "-q", "-f", "-19", "--rm", plain], check=True)
