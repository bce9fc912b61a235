// SPDX-License-Identifier: MIT
#include "core/doctor/smoke.h"

#include <QDir>
#include <QFile>

namespace dvmlens {

namespace {

constexpr const char* kStaticText =
    R"PY(# The DVM field guide's static-shape example (section 2.2): one fused add/mul/relu kernel.
import torch
import torch_npu


class DvmDemo(torch.nn.Module):
    def forward(self, x, y):
        value = x * y
        value = value + x
        return torch.relu(value)


x = torch.randn((128, 128), device="npu", dtype=torch.float32)
y = torch.randn((128, 128), device="npu", dtype=torch.float32)

model = DvmDemo().npu()
compiled_model = torch.compile(model, backend="inductor", dynamic=False)

out = compiled_model(x, y)
torch.npu.synchronize()
print(out.shape, out.device, out.dtype)
)PY";

constexpr const char* kDynamicText =
    R"PY(# The DVM field guide's dynamic-shape example (section 2.3): dim 0 marked dynamic.
import torch
import torch_npu


class DynamicDvmDemo(torch.nn.Module):
    def forward(self, x, y):
        rows = x.shape[0]
        return torch.relu(x + y) / rows


def make_inputs(rows):
    x = torch.randn((rows, 128), device="npu", dtype=torch.float32)
    y = torch.randn((rows, 128), device="npu", dtype=torch.float32)
    torch._dynamo.mark_dynamic(x, 0)
    torch._dynamo.mark_dynamic(y, 0)
    return x, y


model = DynamicDvmDemo().npu()
compiled_model = torch.compile(model, backend="inductor", dynamic=True)

for rows in (32, 48):
    x, y = make_inputs(rows)
    out = compiled_model(x, y)
    expected = model(x, y)
    torch.npu.synchronize()
    torch.testing.assert_close(out, expected, atol=1e-4, rtol=1e-4)
    print(rows, out.shape)
)PY";

constexpr const char* kScriptText = R"SH(#!/bin/sh
# Runs the DVM field guide's two minimal examples with the DVM backend and a debug tree of their own,
# then checks that DVM really generated their kernels (checklist items 6, 7 and 8).
# Usage: ./run_dvm_smoke.sh [python]    (DVMLENS_CLI=/path/to/dvmlens-cli to pick the checker)
set -u
cd "$(dirname "$0")" || exit 2
PYTHON="${1:-python3}"
CLI="${DVMLENS_CLI:-dvmlens-cli}"
status=0
for example in static dynamic; do
    rm -rf "smoke-$example"
    mkdir -p "smoke-$example"
    echo "== dvm_smoke_$example.py"
    if (cd "smoke-$example" &&
        TORCHINDUCTOR_NPU_BACKEND=dvm TORCH_COMPILE_DEBUG=1 TORCHINDUCTOR_CACHE_DIR="$PWD/cache" \
            "$PYTHON" "../dvm_smoke_$example.py"); then
        echo "== dvmlens-cli check smoke-$example/torch_compile_debug"
        "$CLI" check "smoke-$example/torch_compile_debug" || status=1
    else
        echo "dvm_smoke_$example.py failed" >&2
        status=1
    fi
done
if [ "$status" -ne 0 ]; then
    echo "Some checks failed: run $CLI why smoke-static/torch_compile_debug for the reasons." >&2
fi
exit "$status"
)SH";

bool writeFile(const QString& path, const char* text, bool executable, std::string& error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) < 0) {
        error = QFile::encodeName(path).toStdString() + ": " + file.errorString().toStdString();
        return false;
    }
    file.close();
    if (executable)
        file.setPermissions(file.permissions() | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther);
    return true;
}

} // namespace

std::vector<std::string> writeSmokeFiles(const std::string& dir, std::string& error)
{
    const QString folder = QFile::decodeName(dir.c_str());
    if (!QDir().mkpath(folder)) {
        error = dir + ": cannot make the folder";
        return {};
    }
    const QDir target(folder);
    const struct
    {
        const char* name;
        const char* text;
        bool executable;
    } files[] = { { kSmokeStatic, kStaticText, false }, { kSmokeDynamic, kDynamicText, false },
        { kSmokeScript, kScriptText, true } };
    std::vector<std::string> written;
    for (const auto& file : files) {
        const QString path = target.filePath(QLatin1String(file.name));
        if (!writeFile(path, file.text, file.executable, error))
            return {};
        written.push_back(QFile::encodeName(path).toStdString());
    }
    return written;
}

} // namespace dvmlens
