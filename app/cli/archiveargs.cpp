// SPDX-License-Identifier: MIT
#include "archiveargs.h"

#include "commandoptions.h"

namespace cli {

namespace {

std::uint64_t g_archiveBudget = 0;

} // namespace

std::optional<std::uint64_t> parseByteSize(const QString& text)
{
    QString digits = text.trimmed().toUpper();
    if (digits.endsWith(QLatin1String("IB")))
        digits.chop(2);
    else if (digits.endsWith(QLatin1Char('B')))
        digits.chop(1);
    int shift = 0;
    if (!digits.isEmpty()) {
        const QChar unit = digits.back();
        const int index = QStringLiteral("KMGT").indexOf(unit);
        if (index >= 0) {
            shift = 10 * (index + 1);
            digits.chop(1);
        }
    }
    bool ok = false;
    const qulonglong value = digits.toULongLong(&ok);
    if (!ok || value == 0 || (shift > 0 && value > (UINT64_MAX >> shift)))
        return std::nullopt;
    return static_cast<std::uint64_t>(value) << shift;
}

void declareArchiveBudget(CommandOptions& options)
{
    options.addValue({ QStringLiteral("archive-budget") }, QStringLiteral("SIZE"),
        QStringLiteral("how much an archive may unpack to (such as 4G)"),
        QStringLiteral("needs a size (such as 4G)"));
}

bool readArchiveBudget(const Command& command, const CommandOptions& options)
{
    const QString name = QStringLiteral("archive-budget");
    if (!options.isSet(name))
        return true;
    const QString value = options.value(name);
    const std::optional<std::uint64_t> bytes = parseByteSize(value);
    if (!bytes) {
        usageError(command,
            QStringLiteral("--archive-budget wants a size such as 4G, 512M or 100000, not '%1'").arg(value));
        return false;
    }
    g_archiveBudget = *bytes;
    return true;
}

std::uint64_t archiveBudget()
{
    return g_archiveBudget;
}

} // namespace cli
