// SPDX-License-Identifier: MIT
#include "core/parse/dvmkernel.h"

#include "core/parse/exprreader.h"
#include "core/parse/utf8sanitizer.h"

#include <array>
#include <cstring>

namespace dvmlens {

namespace {

enum class OpRole
{
    Input, // load, view_load, scalar, intref, floatref
    Bookkeeping, // store, spec_next, set_kernel_info: organise the kernel rather than compute in it
    Compute, // every other op
};

// By length first: every builder call of every kernel is asked this.
OpRole roleOf(std::string_view op)
{
    switch (op.size()) {
    case 4:
        return op == "load" ? OpRole::Input : OpRole::Compute;
    case 5:
        return op == "store" ? OpRole::Bookkeeping : OpRole::Compute;
    case 6:
        return op == "scalar" || op == "intref" ? OpRole::Input : OpRole::Compute;
    case 8:
        return op == "floatref" ? OpRole::Input : OpRole::Compute;
    case 9:
        return op == "view_load" ? OpRole::Input : op == "spec_next" ? OpRole::Bookkeeping : OpRole::Compute;
    case 15:
        return op == "set_kernel_info" ? OpRole::Bookkeeping : OpRole::Compute;
    default:
        return OpRole::Compute;
    }
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

// Reads `<builder>.<op>(` at `pos`; returns the op and sets `open` to the '(' offset.
std::string_view builderCallAt(
    std::string_view text, std::size_t pos, std::string_view builder, std::size_t& open)
{
    if (text.substr(pos, builder.size()) != builder)
        return {};
    if (pos > 0 && (expr::isIdentifierChar(text[pos - 1]) || text[pos - 1] == '.'))
        return {};
    // `<builder> . <op> (`, blanks allowed around the dot and before the parenthesis.
    const auto skipBlanks = [&text](std::size_t at) {
        while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
            ++at;
        return at;
    };
    std::size_t at = skipBlanks(pos + builder.size());
    if (at >= text.size() || text[at] != '.')
        return {};
    at = skipBlanks(at + 1);
    const std::string_view op = expr::identifierAt(text, at);
    if (op.empty())
        return {};
    at = skipBlanks(at + op.size());
    if (at >= text.size() || text[at] != '(')
        return {};
    open = at;
    return op;
}

} // namespace

std::optional<std::string> normalisedDtype(std::string_view spelling)
{
    spelling = expr::trimmed(spelling);
    if (spelling.empty() || spelling == "None")
        return std::nullopt;
    for (std::string_view prefix : { std::string_view("dvm."), std::string_view("torch.") }) {
        if (startsWith(spelling, prefix)) {
            spelling.remove_prefix(prefix.size());
            break;
        }
    }
    if (spelling.size() > 1 && spelling.back() == '_')
        spelling.remove_suffix(1);
    return validUtf8(spelling);
}

bool readDvmDecorator(const LogicalLine& line, Kernel& kernel, std::vector<std::string_view>& arguments)
{
    const std::string_view code = expr::trimmed(line.code);
    if (code.empty() || code.front() != '@')
        return false;
    const std::string_view call = expr::trimmed(code.substr(1));
    std::size_t nameEnd = 0;
    const std::string_view callee = expr::dottedNameAt(call, 0, nameEnd);
    if (callee != "dvm.kernel") {
        std::string compact; // `dvm . kernel` is the same name
        for (char c : callee) {
            if (c != ' ' && c != '\t')
                compact += c;
        }
        if (compact != "dvm.kernel")
            return false;
    }
    const std::optional<std::string_view> inner = expr::callArguments(call, callee);
    if (!inner)
        return false;
    expr::splitArguments(*inner, arguments);
    for (std::string_view argument : arguments) {
        const auto keyword = expr::keywordArgument(argument);
        if (!keyword)
            continue;
        const auto [key, value] = *keyword;
        if (key == "ktype") {
            const auto literal = line.literalAt(static_cast<std::size_t>(value.data() - line.code.data()));
            if (literal)
                kernel.ktype = validUtf8(*literal);
        } else if (key == "dyn_shape") {
            kernel.dynShape = expr::boolean(value);
        } else if (key == "mfusion") {
            kernel.mfusion = expr::boolean(value);
        }
    }
    return true;
}

void DvmBodyReader::start(std::string_view builder)
{
    builder_.assign(builder);
    ops_.clear();
    inputs_.clear();
    outputs_.clear();
}

void DvmBodyReader::finish(Kernel& kernel)
{
    const auto moveExactly = [](auto& from, auto& to) {
        to.assign(std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
        from.clear();
    };
    moveExactly(ops_, kernel.ops);
    moveExactly(inputs_, kernel.inputs);
    moveExactly(outputs_, kernel.outputs);
}

void DvmBodyReader::read(std::string_view statement)
{
    statement = expr::trimmed(statement);
    const BuilderCall first = collectOps(statement);
    if (first.op.empty())
        return; // a plain alias (`copy_ = arg1_1`) carries no op
    if (first.at == 0) {
        // A bare statement: store, spec_next, set_kernel_info (or a call whose value is dropped).
        if (first.op != "store")
            return;
        const std::size_t close = expr::closingBracket(statement, first.open);
        if (close == std::string_view::npos)
            return;
        expr::splitArguments(statement.substr(first.open + 1, close - first.open - 1), arguments_);
        if (arguments_.empty())
            return;
        DvmOutput output;
        output.name = validUtf8(arguments_[0]);
        if (arguments_.size() > 1)
            output.dtype = normalisedDtype(arguments_[1]);
        outputs_.push_back(std::move(output));
        return;
    }
    if (roleOf(first.op) != OpRole::Input)
        return;
    // `<target> = <builder>.<input op>(…)`: the call must be the whole value.
    const std::string_view target = expr::identifierAt(statement, 0);
    if (target.empty())
        return;
    const std::size_t equals = statement.find_first_not_of(" \t", target.size());
    if (equals == std::string_view::npos || statement[equals] != '=' || equals + 1 >= statement.size()
        || statement[equals + 1] == '=' || statement.find_first_not_of(" \t", equals + 1) != first.at)
        return;
    const std::size_t close = expr::closingBracket(statement, first.open);
    if (close == std::string_view::npos)
        return;
    readInput(target, first.op, statement.substr(first.open + 1, close - first.open - 1));
}

void DvmBodyReader::readInput(std::string_view target, std::string_view op, std::string_view arguments)
{
    expr::splitArguments(arguments, arguments_);
    DvmInput input;
    input.name = std::string(target);
    input.op = std::string(op);
    if (op == "load" || op == "view_load") {
        // load(shape, dtype); view_load(shape, stride, dtype) or, briefly in 2026-02, (shape, stride, 0,
        // dtype).
        if (!arguments_.empty() && expr::intList(arguments_[0], ints_))
            input.shape = ints_;
        if (op == "view_load" && arguments_.size() >= 2 && expr::intList(arguments_[1], ints_))
            input.stride = ints_;
        const std::size_t dtypeIndex = op == "load" ? 1 : arguments_.size() >= 4 ? 3 : 2;
        if (dtypeIndex < arguments_.size())
            input.dtype = normalisedDtype(arguments_[dtypeIndex]);
    } else if (op == "scalar") {
        if (!arguments_.empty())
            input.dtype = normalisedDtype(arguments_[0]);
    } else if (op == "intref") {
        input.dtype = "int64";
    } else {
        input.dtype = "float32";
    }
    inputs_.push_back(std::move(input));
}

DvmBodyReader::BuilderCall DvmBodyReader::collectOps(std::string_view statement)
{
    // Textual order of the `k.` tokens: `k.div(1, k.sqrt(x))` gives div, then sqrt.
    BuilderCall first;
    if (builder_.empty())
        return first;
    std::size_t from = 0;
    for (;;) {
        // memchr for the builder's first byte: string_view::find compares byte by byte.
        const void* found = from < statement.size()
            ? std::memchr(statement.data() + from, builder_.front(), statement.size() - from)
            : nullptr;
        if (found == nullptr)
            return first;
        const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(found) - statement.data());
        from = at + 1;
        std::size_t open = 0;
        const std::string_view op = builderCallAt(statement, at, builder_, open);
        if (op.empty())
            continue;
        if (first.op.empty())
            first = BuilderCall { op, at, open };
        if (roleOf(op) == OpRole::Compute)
            ops_.emplace_back(op);
    }
}

} // namespace dvmlens
