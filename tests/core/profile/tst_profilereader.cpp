// SPDX-License-Identifier: MIT
// core/profile reading: kernel_details.csv as torch_npu writes it (quoted shapes, an optional Step
// Id, Block Num or Block Dim, CRLF, a BOM), bad rows as file:line diagnostics, a missing column as
// an error naming it, op_statistic.csv, and the four layouts a profile path may have.
#include "core/io/mappedwindow.h"
#include "core/profile/csvfile.h"
#include "core/profile/durationsum.h"
#include "core/profile/fieldexcerpt.h"
#include "core/profile/profile.h"
#include "core/profile/profilecompare.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>
#include <vector>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

const char* const kHeader = "Device_id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),"
                            "Block Num,Input Shapes,Input Data Types,Input Formats,Output Shapes,"
                            "Output Data Types,Output Formats,aic_mac_ratio";

void writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
    file.write(bytes);
}

const LaunchGroup* groupNamed(const Profile& profile, const std::string& name)
{
    for (const LaunchGroup& group : profile.groups) {
        if (group.name == name)
            return &group;
    }
    return nullptr;
}

// a and b read the same rows into the same groups, steps and diagnostics.
void compareProfiles(const Profile& a, const Profile& b)
{
    QCOMPARE(a.rows, b.rows);
    QCOMPARE(a.badRows, b.badRows);
    QCOMPARE(a.hasSteps, b.hasSteps);
    QCOMPARE(a.groups.size(), b.groups.size());
    for (std::size_t i = 0; i < a.groups.size(); ++i) {
        const LaunchGroup& x = a.groups[i];
        const LaunchGroup& y = b.groups[i];
        QCOMPARE(std::tie(x.name, x.type, x.core, x.inputShapes, x.inputDtypes, x.blockDim),
            std::tie(y.name, y.type, y.core, y.inputShapes, y.inputDtypes, y.blockDim));
        QCOMPARE(std::tie(x.launches, x.totalUs, x.firstLine), std::tie(y.launches, y.totalUs, y.firstLine));
    }
    QCOMPARE(a.steps.size(), b.steps.size());
    for (const auto& [step, time] : a.steps) {
        QVERIFY(b.steps.count(step));
        QCOMPARE(time.launches, b.steps.at(step).launches);
        QCOMPARE(time.totalUs, b.steps.at(step).totalUs);
    }
    QCOMPARE(a.outsideSteps.launches, b.outsideSteps.launches);
    QCOMPARE(a.outsideSteps.totalUs, b.outsideSteps.totalUs);
    QCOMPARE(a.diagnostics.size(), b.diagnostics.size());
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
        QCOMPARE(a.diagnostics[i].line, b.diagnostics[i].line);
        QCOMPARE(a.diagnostics[i].message, b.diagnostics[i].message);
    }
}

// Reads `path` the way `how` says and compares what it read with `expected`.
void compareReading(const QString& path, const KernelDetailsReading& how, const Profile& expected)
{
    Profile profile;
    std::string error;
    QVERIFY2(readKernelDetails(path.toStdString(), profile, error, how), error.c_str());
    compareProfiles(profile, expected);
}

} // namespace

class TestProfileReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Inputs fuzz_profile found a crash with (tests/fixtures/profile/fuzz-crash-*): they read to the
    // end with no sanitizer report (the ASan suite runs this too). The first: a name over 64 bytes
    // compared with a shorter stored one at the end of the key table read past it.
    void fuzzCrashesReadCleanly()
    {
        const QDir fixtures(QStringLiteral(DVMLENS_FIXTURES_DIR "/profile"));
        const QStringList crashes = fixtures.entryList({ u"fuzz-crash-*"_s }, QDir::Files);
        QVERIFY(!crashes.isEmpty());
        for (const QString& name : crashes) {
            Profile profile;
            std::string error;
            const bool read = readKernelDetails(fixtures.filePath(name).toStdString(), profile, error, { 1 });
            QVERIFY2(read || !error.empty(), qPrintable(name));
            QVERIFY(profile.rows >= 0 && profile.badRows >= 0);
        }
    }

    void splitsQuotedFields()
    {
        std::vector<std::string_view> fields;
        std::string scratch;
        QVERIFY(splitCsvLine(
            "0,\"dvm_fused_add_0\",\"8,1024;1024,4096\",,\"say \"\"hi\"\"\",x", fields, scratch));
        QCOMPARE(fields.size(), std::size_t(6));
        QCOMPARE(fields[1], std::string_view("dvm_fused_add_0"));
        QCOMPARE(fields[2], std::string_view("8,1024;1024,4096"));
        QCOMPARE(fields[3], std::string_view(""));
        QCOMPARE(fields[4], std::string_view("say \"hi\""));
        QCOMPARE(fields[5], std::string_view("x"));
        QVERIFY(splitCsvLine("a,b,c,d", fields, scratch, 2));
        QCOMPARE(fields.size(), std::size_t(2));
        QVERIFY(!splitCsvLine("a,\"open", fields, scratch));
    }

    // The fast cutter gives splitCsvLine's fields wherever it takes a line, and hands every line
    // with quoting it does not take back, across 64-byte blocks and at either end.
    void fastCutAgreesWithTheGeneralSplitter_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("fast");
        const QByteArray longName(70, 'n');
        QTest::newRow("plain") << QByteArray("1,0,dvm_fused_add_0,dvm_fused_add,AI_CORE,1.5,12.25") << true;
        QTest::newRow("empty fields") << QByteArray(",,a,,") << true;
        QTest::newRow("quoted shapes")
            << QByteArray("1,0,k_0,k,AI_CORE,1,2,0,8,\"8,1024;1024,4096\",FLOAT16;BF16,ND") << true;
        QTest::newRow("quoted last") << QByteArray("a,\"8,1\"") << true;
        QTest::newRow("empty quoted") << QByteArray("a,\"\",b") << true;
        QTest::newRow("quote ends a block")
            << (QByteArray(60, 'x') + ",\"1,2,3,4,5,6,7,8,9,10,11,12\"," + longName + ",z") << true;
        QTest::newRow("commas in quotes past a block")
            << ("\"" + QByteArray(100, ',') + "\",b," + longName) << true;
        QTest::newRow("long plain") << (longName + "," + longName + "," + longName) << true;
        QTest::newRow("doubled quote") << QByteArray("a,\"say \"\"hi\"\"\",b") << false;
        QTest::newRow("quote inside a field") << QByteArray("a,b\"c,d") << false;
        QTest::newRow("text after the closing quote") << QByteArray("a,\"b\"c,d") << false;
        QTest::newRow("unterminated") << QByteArray("a,\"open,b") << false;
        QTest::newRow("space before a quote") << QByteArray("a, \"b,c\",d") << false;
    }

    void fastCutAgreesWithTheGeneralSplitter()
    {
        QFETCH(QByteArray, line);
        QFETCH(bool, fast);
        // The line as forEachLine gives it: readable padding behind, here bytes that look like
        // more fields, which must not be taken.
        const std::string padded = line.toStdString() + std::string(CsvFile::kLinePadding, ',');
        const std::string_view view(padded.data(), static_cast<std::size_t>(line.size()));
        for (std::size_t maxFields : { std::size_t(1), std::size_t(3), std::size_t(11), std::size_t(32) }) {
            std::array<std::string_view, 32> cut;
            const std::size_t count = cutCsvFields(view, cut.data(), maxFields);
            std::vector<std::string_view> fields;
            std::string scratch;
            const bool split = splitCsvLine(view, fields, scratch, maxFields);
            if (count == kNeedsSplit) {
                // Handed back: only the lines meant to be, once the cut reaches their quoting.
                QVERIFY(!fast);
                continue;
            }
            if (!fast && maxFields == 32)
                QFAIL("the whole line was cut, though its quoting is not the fast path's");
            QVERIFY(split);
            QCOMPARE(count, fields.size());
            for (std::size_t i = 0; i < count; ++i)
                QCOMPARE(cut[i], fields[i]);
        }
    }

    // Rows the fast path hands back (a doubled quote in a column the join does not key on) and
    // quoted spellings of a name still land in one group; names past 64 bytes are compared whole;
    // a launch order that changes between steps (the table guesses the next group from the last
    // step) still counts every launch where it belongs.
    void everySpellingAndOrderCountsInItsGroup()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        const QByteArray longA = QByteArray(80, 'a') + "_0";
        const QByteArray longB = QByteArray(80, 'a') + "_1"; // the same first 64 bytes
        // Note sits among the columns read, so its doubled quotes reach the cutter.
        QByteArray csv = "Step Id,Name,Type,Note,Accelerator Core,Duration(us),Input Shapes\n";
        const QByteArray orders[] = { "ABCD", "ABCD", "ACBD", "DCBA", "ABCD" };
        int step = 0;
        for (const QByteArray& order : orders) {
            ++step;
            for (char c : order) {
                const QByteArray s = QByteArray::number(step) + ",";
                if (c == 'A')
                    csv += s + "dvm_fused_add_0,dvm_fused_add,plain,AI_CORE,1,\"8,16\"\n";
                else if (c == 'B')
                    csv += s + "\"dvm_fused_add_0\",dvm_fused_add,\"say \"\"hi\"\"\",AI_CORE,2,\"8,16\"\n";
                else if (c == 'C')
                    csv += s + longA + ",a,x,AI_CORE,4,\n";
                else
                    csv += s + longB + ",a,x,AI_CORE,8,\n";
            }
        }
        writeFile(path, csv);
        Profile profile;
        std::string error;
        QVERIFY2(readKernelDetails(path.toStdString(), profile, error), error.c_str());
        QCOMPARE(profile.badRows, std::int64_t(0));
        QCOMPARE(profile.rows, std::int64_t(20));
        QCOMPARE(profile.groups.size(), std::size_t(3));
        const LaunchGroup* add = groupNamed(profile, "dvm_fused_add_0");
        QVERIFY(add);
        QCOMPARE(add->launches, std::int64_t(10));
        QCOMPARE(add->totalUs, 15.0); // 5 x 1 + 5 x 2
        const LaunchGroup* a = groupNamed(profile, longA.toStdString());
        const LaunchGroup* b = groupNamed(profile, longB.toStdString());
        QVERIFY(a && b);
        QCOMPARE(a->launches, std::int64_t(5));
        QCOMPARE(a->totalUs, 20.0);
        QCOMPARE(b->totalUs, 40.0);
        QCOMPARE(profile.steps.at(3).totalUs, 15.0);
    }

    // Most rows are read by RowShortcut: the group the launch order predicts, confirmed by comparing
    // the key columns' bytes with its first row's. Rows that look like a predicted one but differ
    // in a byte, in quoting, in where the line ends or in a value the shortcut hands back must
    // count exactly as the full path counts them, with the same diagnostics.
    void predictedRowsCountAsTheFullPathCountsThem()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        QByteArray csv = "Step Id,Name,Type,Accelerator Core,Duration(us),Input Shapes,Input Data Types\n";
        // One step: the same name in two graphs (other shapes), twice in a row, and an operator.
        const QByteArray step[] = {
            "dvm_fused_add_0,dvm_fused_add,AI_CORE,1,\"8,16\",FLOAT16",
            "dvm_fused_add_0,dvm_fused_add,AI_CORE,2,\"8,160\",FLOAT16",
            "MatMulV2,MatMulV2,AI_CORE,4,\"8,16;16,16\",FLOAT16;FLOAT16",
            "MatMulV2,MatMulV2,AI_CORE,4,\"8,16;16,16\",FLOAT16;FLOAT16",
        };
        for (int s = 1; s <= 4; ++s) {
            for (const QByteArray& row : step)
                csv += QByteArray::number(s) + "," + row + "\n";
        }
        // Step 5 (lines 18-25): the predicted rows again, each with a twist.
        csv += "5,dvm_fused_add_0,dvm_fused_add,AI_CORE,\"16\",\"8,16\",FLOAT16\n"; // quoted value
        csv += "5,dvm_fused_add_0,dvm_fused_add,AI_CORE,32,\"8,16\",FLOAT16,extra\n"; // one more field
        csv += "5,\"dvm_fused_add_0\",dvm_fused_add,AI_CORE,64,8\",\n"; // a quote in shapes
        csv += "5,MatMulV2,MatMulV2,AI_CORE,abc,\"8,16;16,16\",FLOAT16;FLOAT16\n"; // bad duration: line 21
        csv += "x,MatMulV2,MatMulV2,AI_CORE,4,\"8,16;16,16\",FLOAT16;FLOAT16\n"; // bad step: line 22
        csv += "5,MatMulV2,MatMulV2,AI_CORE,8\n"; // too few fields: line 23
        csv += "5,MatMulV2,MatMulV2,AI_CORE,128,\"8,16;16,16\",FLOAT\n"; // another dtype
        csv += "5, dvm_fused_add_0,dvm_fused_add,AI_CORE,256,\"8,160\",FLOAT16\n"; // a space: trimmed
        writeFile(path, csv);
        for (const unsigned ranges : { 1u, 2u }) {
            Profile profile;
            std::string error;
            QVERIFY2(readKernelDetails(path.toStdString(), profile, error, { ranges }), error.c_str());
            QCOMPARE(profile.badRows, std::int64_t(3));
            QCOMPARE(profile.rows, std::int64_t(16 + 5));
            std::vector<std::tuple<std::string, std::string, std::string, std::int64_t, double>> groups;
            for (const LaunchGroup& group : profile.groups)
                groups.emplace_back(
                    group.name, group.inputShapes, group.inputDtypes, group.launches, group.totalUs);
            const decltype(groups) expected = {
                { "dvm_fused_add_0", "8,16", "FLOAT16", 6, 4 * 1 + 16 + 32 },
                { "dvm_fused_add_0", "8,160", "FLOAT16", 5, 4 * 2 + 256 },
                { "MatMulV2", "8,16;16,16", "FLOAT16;FLOAT16", 8, 8 * 4 },
                { "dvm_fused_add_0", "8\"", "", 1, 64 },
                { "MatMulV2", "8,16;16,16", "FLOAT", 1, 128 },
            };
            QCOMPARE(groups, expected);
            QCOMPARE(profile.steps.at(5).launches, std::int64_t(5));
            QCOMPARE(profile.steps.at(5).totalUs, 16.0 + 32 + 64 + 128 + 256);
            std::vector<int> lines;
            for (const Diagnostic& diagnostic : profile.diagnostics)
                lines.push_back(diagnostic.line.value_or(0));
            QCOMPARE(lines, std::vector<int>({ 21, 22, 23 }));
            QVERIFY2(profile.diagnostics[0].message.find("Duration(us) is 'abc'") != std::string::npos,
                profile.diagnostics[0].message.c_str());
            QVERIFY2(profile.diagnostics[1].message.find("Step Id is 'x'") != std::string::npos,
                profile.diagnostics[1].message.c_str());
            QVERIFY2(profile.diagnostics[2].message.find("5 fields") != std::string::npos,
                profile.diagnostics[2].message.c_str());
        }
    }

    // The row shortcut reads rows straight from the buffer (the line's end found in the same pass):
    // whatever the layout, line ends and oddities, and wherever a buffer refill or a range cut
    // falls (the file is over 2 MiB), it must give what reading every row the full way gives.
    void shortcutReadsAsTheFullPath_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QByteArray>("eol");
        const QByteArray full = QByteArray("Step Id,") + kHeader;
        QTest::newRow("torch_npu, LF") << full << QByteArray("\n");
        QTest::newRow("torch_npu, CRLF") << full << QByteArray("\r\n");
        QTest::newRow("Duration(us) last, LF")
            << QByteArray("Name,Type,Accelerator Core,Duration(us)") << QByteArray("\n");
        QTest::newRow("Duration(us) last, CRLF")
            << QByteArray("Name,Type,Accelerator Core,Duration(us)") << QByteArray("\r\n");
        const QByteArray keyLast =
            "Step Id,Name,Type,Accelerator Core,Duration(us),Input Shapes,Input Data Types";
        QTest::newRow("key last, LF") << keyLast << QByteArray("\n");
        QTest::newRow("key last, CRLF") << keyLast << QByteArray("\r\n");
        QTest::newRow("Block Dim first, CRLF")
            << QByteArray("Block Dim,Input Shapes,Duration(us),Name,Accelerator Core,Type,Step Id")
            << QByteArray("\r\n");
    }

    void shortcutReadsAsTheFullPath()
    {
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, eol);
        const QList<QByteArray> columns = header.split(',');
        // A launch order of 13 kernels: a name in two graphs (other shapes), a builder without a
        // name, a 70-byte name, operators.
        struct Kernel
        {
            QByteArray name, type, core, shapes, dtypes;
        };
        const QByteArray longName = "dvm_fused_" + QByteArray(60, 'x') + "_3";
        const std::vector<Kernel> order = {
            { "dvm_fused_add_0", "dvm_fused_add", "AI_CORE", "\"8,16\"", "FLOAT16" },
            { "dvm_fused_add_0", "dvm_fused_add", "AI_CORE", "\"8,160\"", "FLOAT16" },
            { "", "dvm_graph_fused", "AI_CORE", "\"8,1;8,8,8\"", "BF16;BF16" },
            { longName, longName.left(longName.size() - 2), "MIX_AIC", "\"128,256\"", "FLOAT" },
            { "MatMulV2", "MatMulV2", "AI_CORE", "\"8,16;16,16\"", "FLOAT16;FLOAT16" },
            { "triton_unk_fused_sum_0", "triton_unk_fused_sum_0", "AI_VECTOR_CORE", "32768", "FLOAT" },
            { "Cast", "Cast", "AI_VECTOR_CORE", "\"8,16\"", "FLOAT" },
            { "dvm_fused_mul_1", "dvm_fused_mul", "AI_CORE", "\"8,16\"", "FLOAT16" },
            { "dvm_fused_add_0", "dvm_fused_add", "AI_CORE", "\"8,16\"", "FLOAT16" },
            { "hcom_allReduce_", "hcom_allReduce_", "AI_CPU", "", "" },
            { "dvm_fused_mul_1", "dvm_fused_mul", "AI_CORE", "\"8,16\"", "BF16" },
            { "Cast", "Cast", "AI_VECTOR_CORE", "\"8,16\"", "FLOAT" },
            { "dvm_fused_relu_2", "dvm_fused_relu", "AI_CORE", "\"4,4\"", "FLOAT16" },
        };
        QByteArray csv = header + eol;
        int rows = 0;
        for (int i = 0; csv.size() < (5 << 19); ++i) {
            const Kernel& kernel = order[std::size_t(i) % order.size()];
            QList<QByteArray> fields;
            for (const QByteArray& column : columns) {
                if (column == "Step Id")
                    fields << QByteArray::number(1 + i / int(order.size()));
                else if (column == "Name")
                    fields << kernel.name;
                else if (column == "Type")
                    fields << kernel.type;
                else if (column == "Accelerator Core")
                    fields << kernel.core;
                else if (column == "Duration(us)")
                    fields << QByteArray::number(1 + (i * 37) % 500) + "." + QByteArray::number(i % 1000);
                else if (column == "Input Shapes")
                    fields << kernel.shapes;
                else if (column == "Input Data Types")
                    fields << kernel.dtypes;
                else if (column == "Start Time(us)")
                    fields << "1733000000" + QByteArray::number(100000 + i) + ".250";
                else if (column == "Block Num" || column == "Block Dim")
                    fields << QByteArray::number(i % 48);
                else
                    fields << "FORMAT_ND";
            }
            // Now and then a twist: each is a row the shortcut must decline or read as the full path.
            const int twist = (i * 7919) % 211;
            if (twist < 12) {
                const int at = twist % int(fields.size());
                switch (twist) {
                case 0:
                    fields[at] = "\"" + fields[at] + "\"";
                    break; // a value quoted
                case 1:
                    fields[at] = "x" + fields[at];
                    break; // another key, or a bad number
                case 2:
                    fields.removeLast();
                    break; // too few fields
                case 3:
                    fields << "extra";
                    break; // one more
                case 4:
                    fields[at] = " " + fields[at];
                    break; // a space (trimmed by the full path)
                case 5:
                    fields[at] += "\r";
                    break; // a CR inside the line
                case 6:
                    fields[at] = "\"a\"\"b\"";
                    break; // a doubled quote
                case 7:
                    fields[at] = "\"open";
                    break; // unterminated
                case 8:
                    csv += eol;
                    break; // a blank line before the row
                case 9:
                    fields[at] = "";
                    break; // an empty field
                case 10:
                    fields.last() += "\r";
                    break; // CR CR LF when the line ends in CRLF
                default:
                    fields[at] = "\"" + fields[at] + "\"x";
                    break; // text after a quote
                }
            }
            csv += fields.join(',') + eol;
            ++rows;
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        writeFile(path, csv);
        // Per number of ranges: the sums of a range are added in another order than one pass's.
        for (const unsigned ranges : { 1u, 2u, 3u }) {
            Profile fullPath;
            std::string error;
            QVERIFY2(
                readKernelDetails(path.toStdString(), fullPath, error, { ranges, false }), error.c_str());
            QCOMPARE(fullPath.rows + fullPath.badRows, std::int64_t(rows));
            QVERIFY(fullPath.badRows > 0);
            QVERIFY(fullPath.rows > rows * 9 / 10);
            compareReading(path, { ranges, true }, fullPath);
            compareReading(path, { ranges, true, false }, fullPath); // read into a buffer, not mapped
            // 16-byte compares where the processor has AVX2 too, and the portable ones of processors
            // without SSE2
            compareReading(path, { ranges, true, true, RowCompares::Baseline }, fullPath);
            compareReading(path, { ranges, true, true, RowCompares::Portable }, fullPath);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(u"%1 ranges"_s.arg(ranges)));
        }
    }

    void readsDurationsExactly_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<double>("value");
        QTest::newRow("integer") << QByteArray("12") << 12.0;
        QTest::newRow("decimals") << QByteArray("0.1") << 0.1;
        QTest::newRow("many decimals") << QByteArray("123.456789012345") << 123.456789012345;
        QTest::newRow("exponent") << QByteArray("1.5e3") << 1500.0;
        QTest::newRow("spaces") << QByteArray(" 7.25 ") << 7.25;
        // Too many digits for the exact units, still under the 10^12 µs bound.
        QTest::newRow("20 digits") << QByteArray("999999999999.12345678") << 999999999999.12345678;
    }

    // Durations take a fast path; each must equal what from_chars reads.
    void readsDurationsExactly()
    {
        QFETCH(QByteArray, text);
        QFETCH(double, value);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        writeFile(path, "Name,Type,Accelerator Core,Duration(us)\nk_0,k,AI_CORE," + text + "\n");
        Profile profile;
        std::string error;
        QVERIFY2(readKernelDetails(path.toStdString(), profile, error), error.c_str());
        QCOMPARE(profile.groups.size(), std::size_t(1));
        QCOMPARE(profile.groups[0].totalUs, value);
    }

    // The row shortcut reads Duration(us) 16 bytes at a time (parseDurationPadded); every text must
    // read as the digit-by-digit parseDuration reads it, whatever bytes follow it in the row.
    void paddedDurationsReadAsTheLoopReads()
    {
        QStringList texts { u""_s, u"."_s, u"0"_s, u"1."_s, u".5"_s, u"134.325"_s, u"12345678.123456"_s,
            u"123456789.5"_s, u"1.1234567"_s, u"99999999.999999"_s, u"1e3"_s, u"-1.5"_s, u"+2"_s, u" 7.25"_s,
            u"7.25 "_s, u"1..2"_s, u"1.2.3"_s, u"00000000000000.5"_s, u"0000000000000000"_s, u"inf"_s,
            u"12:5"_s, u"12/5"_s };
        for (int whole = 0; whole <= 10; ++whole) {
            for (int decimals = -1; decimals <= 8; ++decimals) {
                QString text = QString(u"9876543210"_s).left(whole);
                if (decimals >= 0)
                    text += u'.' + QString(u"12345678"_s).left(decimals);
                texts << text;
            }
        }
        for (const QString& text : texts) {
            for (const char follow : { '\0', ',', '7', '.', '\n' }) {
                // The text and then 32 bytes of what may follow it in a row.
                const std::string row = text.toStdString() + std::string(32, follow);
                const std::string_view field(row.data(), static_cast<std::size_t>(text.size()));
                Duration loop;
                Duration padded;
                const bool read = parseDuration(field, loop);
                QCOMPARE(parseDurationPadded(field, padded), read);
                if (read) {
                    QCOMPARE(padded.units, loop.units);
                    QCOMPARE(padded.inexact, loop.inexact);
                }
            }
        }
        for (const auto& [text, units] : { std::pair { "134.325", std::uint64_t(134325000) },
                 { "12345678.123456", std::uint64_t(12345678123456) }, { "0.5", std::uint64_t(500000) } }) {
            const std::string row = std::string(text) + std::string(32, ',');
            Duration duration;
            QVERIFY(parseDurationPadded(std::string_view(row.data(), std::strlen(text)), duration));
            QCOMPARE(duration.units, units);
        }
    }

    // from_chars reads "nan" and "inf": as durations they would make every total NaN or infinite.
    void nonFiniteDurationsAreBadRows()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        writeFile(path,
            "Name,Type,Accelerator Core,Duration(us)\nk_0,k,AI_CORE,nan\nk_0,k,AI_CORE,inf\n"
            "k_0,k,AI_CORE,-inf\nk_0,k,AI_CORE,2.5\nk_0,k,AI_CORE,1e3\n");
        Profile profile;
        std::string error;
        QVERIFY2(readKernelDetails(path.toStdString(), profile, error, { 1 }), error.c_str());
        QCOMPARE(profile.rows, std::int64_t(2));
        QCOMPARE(profile.badRows, std::int64_t(3));
        QCOMPARE(profile.groups.size(), std::size_t(1));
        QCOMPARE(profile.groups[0].totalUs, 1002.5);
        QCOMPARE(profile.diagnostics.size(), std::size_t(3));
        QCOMPARE(profile.diagnostics[0].line, std::optional<int>(2));
        QVERIFY2(
            profile.diagnostics[0].message.find("Duration(us) is 'nan', not a time") != std::string::npos,
            profile.diagnostics[0].message.c_str());
    }

    void readsRowsIntoLaunchGroups()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        // CRLF, a BOM, quoted names and shapes, a blank last line.
        QByteArray csv = QByteArray("\xEF\xBB\xBF") + kHeader + "\r\n";
        csv += "0,dvm_fused_add_0,dvm_fused_add,AI_CORE,100.5,12.25,0.1,48,\"8,1024;8,1024\",FLOAT16;FLOAT16,"
               "ND;ND,\"8,1024\",FLOAT16,ND,0.5\r\n";
        csv +=
            "0,\"dvm_fused_add_0\",dvm_fused_add,AI_CORE,200.5,7.75,0.1,48,\"8,1024;8,1024\",FLOAT16;FLOAT16,"
            "ND;ND,\"8,1024\",FLOAT16,ND,0.5\r\n";
        csv += "0,dvm_fused_add_0,dvm_fused_add,AI_CORE,300.5,3,0.1,48,\"4,512;4,512\",FLOAT;FLOAT,ND;ND,\"4,"
               "512\","
               "FLOAT,ND,0.5\r\n";
        csv +=
            "0,MatMulV2,MatMulV2,AI_CORE,400,100,0,24,\"8,1024;1024,4096\",FLOAT16;FLOAT16,ND;ND,\"8,4096\","
            "FLOAT16,ND,0.9\r\n\r\n";
        writeFile(path, csv);
        Profile profile;
        std::string error;
        QVERIFY2(readKernelDetails(path.toStdString(), profile, error), error.c_str());
        QVERIFY(!profile.hasSteps);
        QCOMPARE(profile.rows, std::int64_t(4));
        QCOMPARE(profile.badRows, std::int64_t(0));
        QCOMPARE(profile.groups.size(), std::size_t(3));
        const LaunchGroup& first = profile.groups[0];
        QCOMPARE(first.name, std::string("dvm_fused_add_0"));
        QCOMPARE(first.type, std::string("dvm_fused_add"));
        QCOMPARE(first.core, std::string("AI_CORE"));
        QCOMPARE(first.inputShapes, std::string("8,1024;8,1024"));
        QCOMPARE(first.inputDtypes, std::string("FLOAT16;FLOAT16"));
        QCOMPARE(first.launches, std::int64_t(2));
        QCOMPARE(first.totalUs, 20.0);
        QCOMPARE(first.blockDim, std::optional<std::int64_t>(48));
        QCOMPARE(first.firstLine, std::int64_t(2));
        QCOMPARE(profile.groups[1].inputShapes, std::string("4,512;4,512"));
        QCOMPARE(profile.groups[2].name, std::string("MatMulV2"));
        QCOMPARE(profile.groups[2].totalUs, 100.0);
    }

    void readsStepIdAndBlockDim()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        writeFile(path,
            "Step Id,Device_id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Block "
            "Dim\n"
            "1,0,dvm_fused_mul_0,dvm_fused_mul,MIX_AIC,1,10,0,8\n"
            "1,0,dvm_fused_mul_0,dvm_fused_mul,MIX_AIC,2,10,0,8\n"
            "2,0,dvm_fused_mul_0,dvm_fused_mul,MIX_AIC,3,11,0,8\n");
        Profile profile;
        std::string error;
        QVERIFY2(readKernelDetails(path.toStdString(), profile, error), error.c_str());
        QVERIFY(profile.hasSteps);
        // One group for the kernel whatever the step; the steps' times apart.
        QCOMPARE(profile.groups.size(), std::size_t(1));
        const LaunchGroup* mul = groupNamed(profile, "dvm_fused_mul_0");
        QVERIFY(mul);
        QCOMPARE(mul->launches, std::int64_t(3));
        QCOMPARE(mul->totalUs, 31.0);
        QCOMPARE(mul->blockDim, std::optional<std::int64_t>(8));
        QCOMPARE(mul->core, std::string("MIX_AIC"));
        QVERIFY(mul->inputShapes.empty());
        QCOMPARE(profile.steps.size(), std::size_t(2));
        QCOMPARE(profile.steps.at(1).launches, std::int64_t(2));
        QCOMPARE(profile.steps.at(1).totalUs, 20.0);
        QCOMPARE(profile.steps.at(2).totalUs, 11.0);
    }

    void badRowsBecomeDiagnosticsWithTheirLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        writeFile(path,
            "Step Id,Device_id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Block "
            "Num\n"
            "1,0,ok_0,ok,AI_CORE,1,5,0,1\n"
            "1,0,short_0\n" // line 3: too few fields
            "1,0,bad_0,bad,AI_CORE,1,N/A,0,1\n" // line 4: no duration
            "x,0,bad_1,bad,AI_CORE,1,5,0,1\n" // line 5: no step
            "1,0,\"open_0,open,AI_CORE,1,5,0,1\n" // line 6: unterminated quote
            "2,0,ok_0,ok,AI_CORE,1,6,0,1\n");
        Profile profile;
        std::string error;
        QVERIFY2(readKernelDetails(path.toStdString(), profile, error), error.c_str());
        QCOMPARE(profile.rows, std::int64_t(2));
        QCOMPARE(profile.badRows, std::int64_t(4));
        QCOMPARE(profile.diagnostics.size(), std::size_t(4));
        const int lines[] = { 3, 4, 5, 6 };
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(profile.diagnostics[i].path, path.toStdString());
            QCOMPARE(profile.diagnostics[i].line, std::optional<int>(lines[i]));
            QCOMPARE(profile.diagnostics[i].code, std::string("profile-bad-row"));
            QCOMPARE(profile.diagnostics[i].severity, Severity::Warning);
        }
        QVERIFY(profile.diagnostics[1].message.find("Duration(us)") != std::string::npos);
        QVERIFY(profile.diagnostics[2].message.find("Step Id") != std::string::npos);
    }

    // A launch outside a profiled step (an empty Step Id) counts in its kernel's time and in the
    // totals, apart from the steps; a Step Id that is not a number stays a bad row. Read by the
    // shortcut (the empty ones sit in the repeating launch order) and the full way alike.
    void emptyStepIdIsOutsideSteps()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        QByteArray csv = "Step Id,Name,Type,Accelerator Core,Duration(us),Input Shapes\n";
        std::int64_t line = 1;
        std::vector<int> badLines;
        for (int step = 1; step <= 300; ++step) {
            for (int k = 0; k < 4; ++k) {
                QByteArray id = QByteArray::number(step);
                if (k == 3 && step % 10 == 0)
                    id = step % 20 == 0 ? " " : ""; // 30 launches outside steps, of 2.5 µs
                if (k == 2 && step == 150) {
                    id = "x"; // line 600: not a number
                    badLines.push_back(int(line + 1));
                }
                csv += id + ",k_" + QByteArray::number(k) + ",k,AI_CORE," + (k == 3 ? "2.5" : "1")
                    + ",\"8,8\"\n";
                ++line;
            }
        }
        writeFile(path, csv);
        Profile full;
        std::string error;
        QVERIFY2(readKernelDetails(path.toStdString(), full, error, { 1, false }), error.c_str());
        QCOMPARE(full.rows, std::int64_t(1199));
        QCOMPARE(full.badRows, std::int64_t(1));
        QCOMPARE(full.diagnostics.size(), std::size_t(1));
        QCOMPARE(full.diagnostics[0].line, std::optional<int>(badLines[0]));
        QVERIFY(full.diagnostics[0].message.find("Step Id is 'x'") != std::string::npos);
        QCOMPARE(full.outsideSteps.launches, std::int64_t(30));
        QCOMPARE(full.outsideSteps.totalUs, 75.0);
        QCOMPARE(full.steps.size(), std::size_t(300)); // no step for the empty ones
        QCOMPARE(full.steps.at(10).launches, std::int64_t(3));
        QCOMPARE(full.steps.at(10).totalUs, 3.0);
        QCOMPARE(full.steps.at(11).totalUs, 5.5);
        QCOMPARE(full.steps.at(150).launches, std::int64_t(2)); // the bad row is in no step, k_3 outside
        QVERIFY(groupNamed(full, "k_3"));
        QCOMPARE(groupNamed(full, "k_3")->launches, std::int64_t(300)); // in its kernel's time
        QCOMPARE(groupNamed(full, "k_3")->totalUs, 750.0);
        for (const unsigned ranges : { 1u, 2u, 3u }) {
            compareReading(path, { ranges, true }, full);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(u"%1 ranges"_s.arg(ranges)));
        }
    }

    void rangesReadInParallelGiveTheSameResult()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        QByteArray csv = "Step Id,Name,Type,Accelerator Core,Duration(us),Input Shapes\r\n";
        for (int i = 0; i < 3000; ++i) {
            if (i == 1234 || i == 2999)
                csv += "bad row\r\n"; // lines 1236 and 3002
            csv += QByteArray::number(1 + i / 1000) + ",k_" + QByteArray::number(i % 7) + ",k,AI_CORE,"
                + QByteArray::number(1 + i % 5) + ",\"" + QByteArray::number(i % 3) + ",8\"\r\n";
        }
        writeFile(path, csv);
        Profile serial;
        std::string error;
        QVERIFY(readKernelDetails(path.toStdString(), serial, error, { 1 }));
        for (unsigned ranges : { 2u, 3u, 7u }) {
            Profile parallel;
            QVERIFY(readKernelDetails(path.toStdString(), parallel, error, { ranges }));
            QCOMPARE(parallel.rows, std::int64_t(3000));
            QCOMPARE(parallel.rows, serial.rows);
            QCOMPARE(parallel.badRows, std::int64_t(2));
            QCOMPARE(parallel.groups.size(), serial.groups.size());
            for (std::size_t i = 0; i < serial.groups.size(); ++i) {
                QCOMPARE(parallel.groups[i].name, serial.groups[i].name);
                QCOMPARE(parallel.groups[i].inputShapes, serial.groups[i].inputShapes);
                QCOMPARE(parallel.groups[i].launches, serial.groups[i].launches);
                QCOMPARE(parallel.groups[i].totalUs, serial.groups[i].totalUs);
                QCOMPARE(parallel.groups[i].firstLine, serial.groups[i].firstLine);
            }
            QCOMPARE(parallel.steps.size(), std::size_t(3));
            for (std::int64_t step = 1; step <= 3; ++step) {
                QCOMPARE(parallel.steps.at(step).launches, std::int64_t(1000));
                QCOMPARE(parallel.steps.at(step).totalUs, serial.steps.at(step).totalUs);
            }
            QCOMPARE(parallel.diagnostics.size(), std::size_t(2));
            QCOMPARE(parallel.diagnostics[0].line, std::optional<int>(1236));
            QCOMPARE(parallel.diagnostics[1].line, std::optional<int>(3002));
        }
        QCOMPARE(serial.groups.size(), std::size_t(21)); // 7 names x 3 shapes
        QCOMPARE(serial.steps.at(2).totalUs, 3000.0); // 1000 rows of 1..5 µs, 200 of each
    }

    // Mapped 8 MiB at a time or read 256 KiB at a time, the same rows: lines cross the ends of
    // windows and blocks, an overlong row crosses a window's end, lines end in CRLF.
    void mappedAndReadGiveTheSameResult()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        QByteArray csv = "Step Id,Name,Type,Accelerator Core,Duration(us),Input Shapes\r\n";
        int rows = 0;
        int overlongLine = 0;
        for (int i = 0; csv.size() < (21 << 20); ++i) {
            if (!overlongLine && csv.size() > (7 << 20) + (1 << 19)) {
                csv += "1,k_0,k,AI_CORE,1," + QByteArray(5 << 20, '9') + "\r\n"; // 7.5 to 12.5 MiB
                overlongLine = i + 2;
                continue;
            }
            csv += QByteArray::number(1 + i / 5000) + ",k_" + QByteArray::number(i % 13) + ",k,AI_CORE,"
                + QByteArray::number(1 + i % 9) + "." + QByteArray::number(i % 100) + ",\""
                + QByteArray::number(i % 4) + "," + QByteArray::number(i % 97) + "\"\r\n";
            ++rows;
        }
        writeFile(path, csv);
        std::string error;
        for (const unsigned ranges : { 0u, 1u, 2u, 3u }) {
            Profile mapped;
            QVERIFY2(
                readKernelDetails(path.toStdString(), mapped, error, { ranges, true, true }), error.c_str());
            QCOMPARE(mapped.rows, std::int64_t(rows));
            QCOMPARE(mapped.badRows, std::int64_t(1));
            QCOMPARE(mapped.diagnostics.size(), std::size_t(1));
            QCOMPARE(mapped.diagnostics[0].line, std::optional<int>(overlongLine));
            QVERIFY(mapped.diagnostics[0].message.find("longer than 4 MiB") != std::string::npos);
            QCOMPARE(mapped.groups.size(), std::size_t(13 * 4 * 97)); // (i % 13, i % 4, i % 97)
            compareReading(path, { ranges, true, false }, mapped);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(u"%1 ranges"_s.arg(ranges)));
        }
    }

    // Mapping refused midway (here: every window slot but one taken, so the second window cannot
    // be mapped while the first is held): the line the first window ended in and the rest are read
    // into a buffer, and the lines are those of a read that never mapped.
    void mappingRefusedMidwayReadsOn()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        QByteArray csv = "Name,Type,Accelerator Core,Duration(us)\n";
        for (int i = 0; csv.size() < qsizetype(CsvFile::kWindowBytes + (std::size_t(3) << 20)); ++i)
            csv += "k_" + QByteArray::number(i % 977) + ",k,AI_CORE," + QByteArray::number(i % 1000) + "\n";
        writeFile(path, csv);
        const auto linesOf = [&](CsvFile::Access access) {
            std::string error;
            std::optional<CsvFile> file = CsvFile::open(path.toStdString(), error, access);
            std::vector<std::string> lines;
            if (!file)
                return lines;
            const bool read = file->forEachLine(
                0, file->size(), [&](std::string_view line, std::int64_t) { lines.emplace_back(line); },
                [](std::int64_t) {}, error);
            if (!read)
                lines.push_back("failed: " + error);
            return lines;
        };
        const std::vector<std::string> expected = linesOf(CsvFile::Access::Read);
        QCOMPARE(expected.size(), std::size_t(csv.count('\n')));
        const int fd = ::open(path.toLocal8Bit().constData(), O_RDONLY);
        QVERIFY(fd >= 0);
        std::vector<MappedWindow> held;
        while (std::optional<MappedWindow> window = MappedWindow::map(fd, 0, 4096))
            held.push_back(std::move(*window));
        QCOMPARE(held.size(), std::size_t(MappedWindow::kMaxWindows));
        held.pop_back(); // one slot left: the first window maps, the second does not
        const std::vector<std::string> midway = linesOf(CsvFile::Access::Mapped);
        QVERIFY(midway == expected);
        held.clear();
        QVERIFY(linesOf(CsvFile::Access::Mapped) == expected);
        ::close(fd);
    }

    // A file cut short while it is read (a profiler still writing, a copy being replaced): mapped,
    // the pages past its new end would have ended the process with SIGBUS. Either way the read
    // fails with a message that says what happened.
    void aFileThatShrinksWhileReadIsAnError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        QByteArray csv = "Name,Type,Accelerator Core,Duration(us)\n";
        while (csv.size() < (20 << 20))
            csv += "k_0,k,AI_CORE,1.5\n";
        const std::int64_t lines = csv.count('\n');
        for (const CsvFile::Access access : { CsvFile::Access::Mapped, CsvFile::Access::Read }) {
            writeFile(path, csv);
            std::string error;
            std::optional<CsvFile> file = CsvFile::open(path.toStdString(), error, access);
            QVERIFY2(file, error.c_str());
            std::int64_t seen = 0;
            const bool read = file->forEachLine(
                0, file->size(),
                [&](std::string_view line, std::int64_t number) {
                    seen = number;
                    if (number > 1)
                        QCOMPARE(line, std::string_view("k_0,k,AI_CORE,1.5"));
                    if (number == 1000)
                        QCOMPARE(::truncate(path.toLocal8Bit().constData(), 1 << 20), 0);
                },
                [](std::int64_t) {}, error);
            QVERIFY(!read);
            QVERIFY2(error.find("kernel_details.csv: the file shrank while it was read") != std::string::npos,
                error.c_str());
            QVERIFY(seen >= 1000 && seen < lines / 2);
        }
    }

    // A row over the 4 MiB line limit is one bad row at its own line, read by the range it starts in:
    // the header's read (range [0, 1)) once reported it as an overlong header and refused the file.
    void overlongRowIsOneBadRowInEveryRangeCut()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        QByteArray csv = "Name,Type,Accelerator Core,Duration(us)\n";
        csv += "k_0,k,AI_CORE," + QByteArray(5 << 20, '7') + "\n"; // line 2
        for (int i = 0; i < 100; ++i)
            csv += "k_1,k,AI_CORE,2\n";
        csv += "k_2,k,AI_CORE," + QByteArray(5 << 20, '8') + "\n"; // line 103
        csv += "k_1,k,AI_CORE,2\n";
        writeFile(path, csv);
        for (unsigned ranges : { 1u, 2u, 3u, 5u }) {
            Profile profile;
            std::string error;
            QVERIFY2(readKernelDetails(path.toStdString(), profile, error, { ranges }), error.c_str());
            QCOMPARE(profile.rows, std::int64_t(101));
            QCOMPARE(profile.badRows, std::int64_t(2));
            QCOMPARE(profile.diagnostics.size(), std::size_t(2));
            QCOMPARE(profile.diagnostics[0].line, std::optional<int>(2));
            QCOMPARE(profile.diagnostics[1].line, std::optional<int>(103));
            QVERIFY(profile.diagnostics[0].message.find("longer than 4 MiB") != std::string::npos);
            QVERIFY(groupNamed(profile, "k_1"));
            QCOMPARE(groupNamed(profile, "k_1")->launches, std::int64_t(101));
        }
    }

    void manyBadRowsAreCountedNotListed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        QByteArray csv = "Name,Type,Accelerator Core,Duration(us)\n";
        for (int i = 0; i < 120; ++i)
            csv += "k_0,k,AI_CORE,oops\n";
        writeFile(path, csv);
        Profile profile;
        std::string error;
        QVERIFY(readKernelDetails(path.toStdString(), profile, error));
        QCOMPARE(profile.badRows, std::int64_t(120));
        QCOMPARE(profile.diagnostics.size(), std::size_t(51));
        QVERIFY(profile.diagnostics.back().message.find("70 more") != std::string::npos);
    }

    void missingColumnIsAnErrorNamingIt_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QString>("missing");
        QTest::newRow("Name") << QByteArray("Device_id,Type,Accelerator Core,Duration(us)") << "'Name'";
        QTest::newRow("Type") << QByteArray("Device_id,Name,Accelerator Core,Duration(us)") << "'Type'";
        QTest::newRow("core") << QByteArray("Name,Type,Duration(us)") << "'Accelerator Core'";
        QTest::newRow("duration") << QByteArray("Name,Type,Accelerator Core,Start Time(us)")
                                  << "'Duration(us)'";
    }

    void missingColumnIsAnErrorNamingIt()
    {
        QFETCH(QByteArray, header);
        QFETCH(QString, missing);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        writeFile(path, header + "\nx,y,z,1\n");
        Profile profile;
        std::string error;
        QVERIFY(!readKernelDetails(path.toStdString(), profile, error));
        QVERIFY2(QString::fromStdString(error).contains(missing), error.c_str());
        QVERIFY2(QString::fromStdString(error).contains(u"kernel_details.csv"_s), error.c_str());
    }

    void refusesWhatIsNotARegularFile()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(u"kernel_details.csv"_s);
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        Profile profile;
        std::string error;
        QVERIFY(!readKernelDetails(fifo.toStdString(), profile, error)); // returns at once, no writer needed
        QVERIFY2(error.find("not a regular file") != std::string::npos, error.c_str());
        QVERIFY(!readKernelDetails(dir.filePath(u"absent.csv"_s).toStdString(), profile, error));
        QVERIFY(!readKernelDetails(dir.path().toStdString(), profile, error));
    }

    void readsOpStatistic()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"op_statistic.csv"_s);
        writeFile(path,
            "Device_id,OP Type,Core Type,Count,Total Time(us),Avg Time(us),Min Time(us),Max "
            "Time(us),Ratio(%)\r\n"
            "0,MatMulV2,AI_CORE,12,1200.5,100.04,90,110,60.1\r\n"
            "0,dvm_fused_add,AI_VECTOR_CORE,3,30,10,9,11,1.5\r\n"
            "0,Cast,AI_CORE,many,3,1,1,1,0.1\r\n");
        Profile profile;
        readOpStatistic(path.toStdString(), profile);
        QCOMPARE(profile.opStatistics.size(), std::size_t(2));
        QCOMPARE(profile.opStatistics[0].type, std::string("MatMulV2"));
        QCOMPARE(profile.opStatistics[0].count, std::int64_t(12));
        QCOMPARE(profile.opStatistics[0].totalUs, 1200.5);
        QCOMPARE(profile.opStatistics[1].core, std::string("AI_VECTOR_CORE"));
        QCOMPARE(profile.diagnostics.size(), std::size_t(1));
        QCOMPARE(profile.diagnostics[0].line, std::optional<int>(4));
    }

    void findsProfilesInEveryLayout()
    {
        QTemporaryDir dir;
        const QByteArray csv = "Name,Type,Accelerator Core,Duration(us)\nk_0,k,AI_CORE,1\n";
        // A folder of two ranks, written in the wrong order on purpose.
        const QString rank1 = dir.filePath(u"cluster/host_2_100_ascend_pt"_s);
        const QString rank0 = dir.filePath(u"cluster/host_1_200_ascend_pt"_s);
        writeFile(rank1 + u"/profiler_info_1.json"_s, "{}");
        writeFile(rank1 + u"/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s, csv + "k_0,k,AI_CORE,2\n");
        writeFile(rank0 + u"/profiler_info_0.json"_s, "{}");
        writeFile(rank0 + u"/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s, csv);
        writeFile(rank0 + u"/ASCEND_PROFILER_OUTPUT/op_statistic.csv"_s,
            "Device_id,OP Type,Core Type,Count,Total Time(us)\n0,k,AI_CORE,1,1\n");
        std::string error;
        auto all = loadProfiles(dir.filePath(u"cluster"_s).toStdString(), error);
        QVERIFY2(all, error.c_str());
        QCOMPARE(all->size(), std::size_t(2));
        QCOMPARE((*all)[0].rank, std::optional<int>(0));
        QCOMPARE((*all)[0].path, rank0.toStdString());
        QCOMPARE((*all)[0].opStatistics.size(), std::size_t(1));
        QCOMPARE((*all)[1].rank, std::optional<int>(1));
        QCOMPARE((*all)[1].rows, std::int64_t(2));
        QVERIFY(!(*all)[1].opStatisticPath);

        const QStringList givens { rank0, rank0 + u"/ASCEND_PROFILER_OUTPUT"_s,
            rank0 + u"/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s };
        for (const QString& given : givens) {
            auto one = loadProfiles(given.toStdString(), error);
            QVERIFY2(one, error.c_str());
            QCOMPARE(one->size(), std::size_t(1));
            QCOMPARE(one->front().rank, std::optional<int>(0));
            QCOMPARE(one->front().rows, std::int64_t(1));
        }
        QVERIFY(!loadProfiles(dir.filePath(u"nothing"_s).toStdString(), error));

        // Offered with a tree: inside it, else beside it.
        QDir().mkpath(dir.filePath(u"cluster/torch_compile_debug/run_1-pid_1"_s));
        QCOMPARE(profileBeside(dir.filePath(u"cluster/torch_compile_debug"_s).toStdString()),
            std::optional<std::string>(dir.filePath(u"cluster"_s).toStdString()));
        QCOMPARE(profileBeside(dir.filePath(u"cluster"_s).toStdString()),
            std::optional<std::string>(dir.filePath(u"cluster"_s).toStdString()));
        QVERIFY(!profileBeside(dir.filePath(u"cluster/torch_compile_debug/run_1-pid_1"_s).toStdString()));
        // One level down beside the tree: tensorboard_trace_handler("./prof").
        QDir().mkpath(dir.filePath(u"job/torch_compile_debug/run_1-pid_1"_s));
        QDir().mkpath(dir.filePath(u"job/logs"_s));
        QVERIFY(!profileBeside(dir.filePath(u"job/torch_compile_debug"_s).toStdString()));
        writeFile(
            dir.filePath(u"job/prof/host_3_300_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s), csv);
        QCOMPARE(profileBeside(dir.filePath(u"job/torch_compile_debug"_s).toStdString()),
            std::optional<std::string>(dir.filePath(u"job/prof"_s).toStdString()));
        QDir().mkpath(dir.filePath(u"empty"_s));
        QVERIFY(!loadProfiles(dir.filePath(u"empty"_s).toStdString(), error));
        QVERIFY2(error.find("no kernel_details.csv") != std::string::npos, error.c_str());
    }

    // A kernel_details.csv that is a FIFO or a link to a device is named with what it is, at once
    // (opening the FIFO would wait for a writer), wherever the path given puts it.
    void namesAKernelDetailsThatIsNotAFile()
    {
        QTemporaryDir dir;
        const QString output = dir.filePath(u"host_1_ascend_pt/ASCEND_PROFILER_OUTPUT"_s);
        QVERIFY(QDir().mkpath(output));
        const QString details = output + u"/kernel_details.csv"_s;
        QCOMPARE(::mkfifo(details.toLocal8Bit().constData(), 0600), 0);
        const QString expected = details + u": it is a FIFO, not a regular file"_s;
        for (const QString& given : { dir.path(), dir.filePath(u"host_1_ascend_pt"_s), output, details }) {
            std::string error;
            QVERIFY(!loadProfiles(given.toStdString(), error));
            QCOMPARE(QString::fromStdString(error), expected);
        }
        QVERIFY(QFile::remove(details));
        QVERIFY(QFile::link(u"/dev/null"_s, details));
        std::string error;
        QVERIFY(!loadProfiles(output.toStdString(), error));
        QCOMPARE(QString::fromStdString(error), details + u": it is a device, not a regular file"_s);
    }

    // A bad row quotes at most 64 bytes of its field and says how long it was (issue 30.6): a row
    // of 4 MiB of NULs once put the whole field in the message, and 50 such cost hundreds of MB.
    void badRowQuotesABoundedExcerpt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        const QByteArray nuls(std::size_t(3) << 20, '\0');
        writeFile(path,
            "Step Id,Name,Type,Accelerator Core,Duration(us)\n1,k_0,k,AI_CORE," + nuls + "\n" + nuls
                + ",k_0,k,AI_CORE,1\n1,k_0,k,AI_CORE,2\n");
        for (const bool shortcut : { true, false }) {
            Profile profile;
            std::string error;
            QVERIFY2(readKernelDetails(path.toStdString(), profile, error, { 1, shortcut }), error.c_str());
            QCOMPARE(profile.rows, std::int64_t(1));
            QCOMPARE(profile.badRows, std::int64_t(2));
            QCOMPARE(profile.diagnostics.size(), std::size_t(2));
            const std::string expectedDuration = "kernel_details.csv row skipped: Duration(us) is '"
                + std::string(64, '\0') + "… (3145728 bytes)', not a time (a number from 0 to 10^12)";
            QCOMPARE(profile.diagnostics[0].message, expectedDuration);
            QCOMPARE(profile.diagnostics[1].message,
                "kernel_details.csv row skipped: Step Id is '" + std::string(64, '\0')
                    + "… (3145728 bytes)', not a number");
        }
    }

    void excerptCutsBeforeASplitCharacter()
    {
        QCOMPARE(fieldExcerpt("short"), std::string("short"));
        QCOMPARE(fieldExcerpt(std::string(64, 'x')), std::string(64, 'x'));
        // "é" (2 bytes) across byte 64: cut before it.
        const std::string text = std::string(63, 'x') + "é" + "tail";
        QCOMPARE(fieldExcerpt(text), std::string(63, 'x') + "… (69 bytes)");
        // Not UTF-8: the bytes as they are.
        const std::string raw = std::string(70, '\x9b');
        QCOMPARE(fieldExcerpt(raw), std::string(64, '\x9b') + "… (70 bytes)");
    }

    // Duration(us) past 10^12 µs (11.6 days for one launch) is a bad row (issue 30.18): 1.7e308
    // made the sums infinite, the shares "-nan%" and the top kernels lose their unit.
    void implausibleDurationsAreBadRows()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        writeFile(path,
            "Name,Type,Accelerator Core,Duration(us)\nk_0,k,AI_CORE,1.7e308\nk_0,k,AI_CORE,1e13\n"
            "k_0,k,AI_CORE,999999999999999999\nk_0,k,AI_CORE,1000000000000.5\n"
            "k_0,k,AI_CORE,1000000000000\nk_0,k,AI_CORE,1e12\nk_0,k,AI_CORE,0.5\n");
        for (const bool shortcut : { true, false }) {
            Profile profile;
            std::string error;
            QVERIFY2(readKernelDetails(path.toStdString(), profile, error, { 1, shortcut }), error.c_str());
            QCOMPARE(profile.badRows, std::int64_t(4));
            QCOMPARE(profile.rows, std::int64_t(3));
            QCOMPARE(profile.groups.size(), std::size_t(1));
            QCOMPARE(profile.groups[0].totalUs, 2e12 + 0.5);
            QCOMPARE(profile.diagnostics[0].message,
                std::string("kernel_details.csv row skipped: Duration(us) is '1.7e308', not a time (a number "
                            "from 0 to 10^12)"));
        }
        Duration duration;
        QVERIFY(!parseDuration("1.7e308", duration));
        QVERIFY(!parseDuration("999999999999999999", duration));
        QVERIFY(parseDuration("999999999999", duration));
        QCOMPARE(durationText(std::numeric_limits<double>::infinity()), std::string("n/a"));
        QCOMPARE(durationText(1e300), std::string("1e+294 s"));
    }

    // A file whose lines end with CR alone is one long header line: refused with why, never read
    // as 0 rows in silence (issue 30.20); op_statistic.csv says so as a diagnostic.
    void crOnlyLineEndsAreRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel_details.csv"_s);
        writeFile(path, "Name,Type,Accelerator Core,Duration(us)\rk_0,k,AI_CORE,1\rk_0,k,AI_CORE,2\r");
        Profile profile;
        std::string error;
        QVERIFY(!readKernelDetails(path.toStdString(), profile, error));
        QCOMPARE(error,
            path.toStdString()
                + ":1: the lines end with CR alone (a carriage return without a line feed); save the file "
                  "with LF or CRLF line ends");
        // CRLF stays fine.
        writeFile(path, "Name,Type,Accelerator Core,Duration(us)\r\nk_0,k,AI_CORE,1\r\n");
        QVERIFY2(readKernelDetails(path.toStdString(), profile, error), error.c_str());
        QCOMPARE(profile.rows, std::int64_t(1));

        const QString statistic = dir.filePath(u"op_statistic.csv"_s);
        writeFile(statistic, "OP Type,Core Type,Count,Total Time(us)\rk,AI_CORE,1,1\r");
        Profile other;
        readOpStatistic(statistic.toStdString(), other);
        QCOMPARE(other.opStatistics.size(), std::size_t(0));
        QCOMPARE(other.diagnostics.size(), std::size_t(1));
        QVERIFY2(other.diagnostics[0].message.find("CR alone") != std::string::npos,
            other.diagnostics[0].message.c_str());
    }

    // kernel_details.csv and op_statistic.csv are opened with the safe opener, bounded by the
    // profile folder (issue 30.11): a link out of the *_ascend_pt folder is refused with why, a
    // link inside it is read.
    void linksOutOfTheProfileFolderAreRefused()
    {
        QTemporaryDir dir;
        const QByteArray csv = "Name,Type,Accelerator Core,Duration(us)\nk_0,k,AI_CORE,1\n";
        const QString secret = dir.filePath(u"elsewhere/x.csv"_s);
        writeFile(secret, csv);
        const QString ascend = dir.filePath(u"prof/host_1_ascend_pt"_s);
        const QString output = ascend + u"/ASCEND_PROFILER_OUTPUT"_s;
        QVERIFY(QDir().mkpath(output));
        const QString details = output + u"/kernel_details.csv"_s;
        QVERIFY(QFile::link(secret, details));
        for (const QString& given : { dir.filePath(u"prof"_s), ascend, output }) {
            std::string error;
            QVERIFY(!loadProfiles(given.toStdString(), error));
            QCOMPARE(QString::fromStdString(error),
                details + u": it is a link that leads out of the profile folder "_s + ascend
                    + u"; not read"_s);
        }
        // A link that stays inside the folder is read; op_statistic.csv leading out is a diagnostic.
        QVERIFY(QFile::remove(details));
        writeFile(ascend + u"/copy.csv"_s, csv);
        QVERIFY(QFile::link(u"../copy.csv"_s, details));
        QVERIFY(QFile::link(secret, output + u"/op_statistic.csv"_s));
        std::string error;
        const auto profiles = loadProfiles(ascend.toStdString(), error);
        QVERIFY2(profiles, error.c_str());
        QCOMPARE(profiles->front().rows, std::int64_t(1));
        QCOMPARE(profiles->front().opStatistics.size(), std::size_t(0));
        QCOMPARE(profiles->front().diagnostics.size(), std::size_t(1));
        QVERIFY2(profiles->front().diagnostics[0].message.find("leads out of the profile folder")
                != std::string::npos,
            profiles->front().diagnostics[0].message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestProfileReader)
#include "tst_profilereader.moc"
