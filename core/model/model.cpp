// SPDX-License-Identifier: MIT
#include "core/model/model.h"

namespace dvmlens {

std::string_view backendName(Backend backend)
{
    switch (backend) {
    case Backend::Dvm:
        return "dvm";
    case Backend::ImportFx:
        return "import_fx";
    case Backend::Triton:
        return "triton";
    case Backend::Cpp:
        return "cpp";
    case Backend::Mlir:
        return "mlir";
    case Backend::Akg:
        return "akg";
    case Backend::Mps:
        return "mps";
    case Backend::Other:
        break;
    }
    return "other";
}

std::optional<Backend> backendFromName(std::string_view name)
{
    for (Backend backend : kAllBackends) {
        if (backendName(backend) == name)
            return backend;
    }
    return std::nullopt;
}

std::string_view fallbackKindName(FallbackKind kind)
{
    switch (kind) {
    case FallbackKind::Aten:
        return "aten";
    case FallbackKind::Npu:
        return "npu";
    case FallbackKind::Extern:
        return "extern";
    case FallbackKind::Other:
        break;
    }
    return "other";
}

std::string_view severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return "info";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        break;
    }
    return "error";
}

GraphOrigin graphOrigin(const Graph& graph)
{
    if (graph.origin)
        return *graph.origin;
    GraphOrigin origin;
    origin.file = graph.outputCode ? graph.outputCode->path : graph.path;
    return origin;
}

} // namespace dvmlens
