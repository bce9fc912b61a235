// SPDX-License-Identifier: MIT
// JsonTextWriter writes exactly what nlohmann's dump(2, ' ', false, replace) writes (escapes,
// invalid UTF-8, empty containers, indentation, numbers), also when streamed in pieces;
// JsonValueBuilder builds the same value; the scan document of the sample tree agrees both ways.
#include "core/index/indexer.h"
#include "core/json/jsonwriter.h"
#include "core/json/scanjson.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace dvmlens;
using nlohmann::ordered_json;

namespace {

// Byte arrays, so QCOMPARE shows both sides when they differ.
QByteArray reference(const ordered_json& json)
{
    return QByteArray::fromStdString(json.dump(2, ' ', false, ordered_json::error_handler_t::replace));
}

// Replays `json` into any emitter, member by member.
template <typename W> void replay(W& w, const ordered_json& json)
{
    switch (json.type()) {
    case ordered_json::value_t::object:
        w.beginObject();
        for (auto it = json.begin(); it != json.end(); ++it) {
            w.key(it.key());
            replay(w, it.value());
        }
        w.endObject();
        break;
    case ordered_json::value_t::array:
        w.beginArray();
        for (const ordered_json& item : json)
            replay(w, item);
        w.endArray();
        break;
    case ordered_json::value_t::string:
        w.value(json.get_ref<const std::string&>());
        break;
    case ordered_json::value_t::boolean:
        w.value(json.get<bool>());
        break;
    case ordered_json::value_t::number_integer:
        w.value(json.get<std::int64_t>());
        break;
    case ordered_json::value_t::number_unsigned:
        w.value(json.get<std::uint64_t>());
        break;
    case ordered_json::value_t::number_float:
        w.value(json.get<double>());
        break;
    default:
        w.value(nullptr);
        break;
    }
}

QByteArray written(const ordered_json& json)
{
    JsonTextWriter writer;
    replay(writer, json);
    return QByteArray::fromStdString(writer.take());
}

QByteArray streamed(const ordered_json& json, std::size_t flushBytes, int& pieces)
{
    QByteArray out;
    pieces = 0;
    JsonTextWriter writer(
        [&](std::string_view piece) {
            out.append(piece.data(), static_cast<qsizetype>(piece.size()));
            ++pieces;
        },
        flushBytes);
    replay(writer, json);
    writer.finish();
    return out;
}

ordered_json rebuilt(const ordered_json& json)
{
    JsonValueBuilder builder;
    replay(builder, json);
    return builder.take();
}

// Strings nlohmann must escape, pass through or repair.
const char* const kTrickyStrings[] = {
    "plain",
    "",
    "quote \" backslash \\ slash /",
    "\b\f\n\r\t",
    "\x01\x02\x1f\x7f",
    "caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x98\x80", // valid UTF-8: passed through
    "bad \xff byte",
    "cut \xc3",
    "cut three \xe2\x82 then text",
    "surrogate \xed\xa0\x80",
    "overlong \xc0\xaf",
    "too big \xf4\x90\x80\x80",
    "mixed \"\xff\" and \n",
};

ordered_json trickyDocument()
{
    ordered_json json = ordered_json::object();
    ordered_json strings = ordered_json::array();
    for (const char* text : kTrickyStrings)
        strings.push_back(text);
    json["strings"] = strings;
    for (const char* text : kTrickyStrings)
        json[text] = text; // as keys too
    json["nested"] = { { "empty_object", ordered_json::object() }, { "empty_array", ordered_json::array() },
        { "deep", { { "a", { 1, { 2, { 3, ordered_json::object() } } } } } } };
    json["numbers"] = { 0, -1, std::numeric_limits<std::int64_t>::min(),
        std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::uint64_t>::max(), 0.5, 1.0 / 3.0,
        1e-5, 1e300, 2.0, -0.0, 123456.789, std::nan(""), std::numeric_limits<double>::infinity() };
    json["flags"] = { true, false, nullptr };
    return json;
}

Index sampleTreeIndex()
{
    IndexOptions options;
    options.jobs = 2;
    std::string error;
    std::optional<Index> index = buildIndex(
        testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug")).toStdString(), options,
        error);
    if (!index)
        qFatal("buildIndex failed: %s", error.c_str());
    return std::move(*index);
}

} // namespace

class TestJsonWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escapesLikeNlohmann_data()
    {
        QTest::addColumn<QByteArray>("text");
        for (const char* text : kTrickyStrings)
            QTest::newRow(text) << QByteArray(text);
    }
    void escapesLikeNlohmann()
    {
        QFETCH(QByteArray, text);
        const std::string value = text.toStdString();
        QCOMPARE(written(ordered_json(value)), reference(ordered_json(value)));
    }

    void exactEscapes()
    {
        QCOMPARE(written(ordered_json("a\"b\\c/\n\t\x01\x1f\x7f")),
            QByteArray("\"a\\\"b\\\\c/\\n\\t\\u0001\\u001f\x7f\""));
        QCOMPARE(written(ordered_json("\xc3\xa9")), QByteArray("\"\xc3\xa9\""));
        // Each bad byte becomes U+FFFD (EF BF BD), the text around it stays.
        QCOMPARE(written(ordered_json("x\xffy")), QByteArray("\"x\xef\xbf\xbdy\""));
    }

    void emptyContainers()
    {
        QCOMPARE(written(ordered_json::object()), QByteArray("{}"));
        QCOMPARE(written(ordered_json::array()), QByteArray("[]"));
        const ordered_json json = { { "a", ordered_json::array() }, { "b", ordered_json::object() } };
        QCOMPARE(written(json), QByteArray("{\n  \"a\": [],\n  \"b\": {}\n}"));
    }

    void nestingAndIndent()
    {
        const ordered_json json = { { "k", { 1, { { "x", nullptr } }, ordered_json::array({ true }) } } };
        QCOMPARE(written(json),
            QByteArray(
                "{\n  \"k\": [\n    1,\n    {\n      \"x\": null\n    },\n    [\n      true\n    ]\n  ]\n}"));
    }

    void numbers()
    {
        QCOMPARE(written(ordered_json(0.5)), QByteArray("0.5"));
        QCOMPARE(written(ordered_json(2.0)), QByteArray("2.0"));
        QCOMPARE(written(ordered_json(std::nan(""))), QByteArray("null"));
        QCOMPARE(written(ordered_json(std::numeric_limits<std::uint64_t>::max())),
            QByteArray("18446744073709551615"));
        QCOMPARE(written(ordered_json(std::numeric_limits<std::int64_t>::min())),
            QByteArray("-9223372036854775808"));
    }

    void documentsMatchNlohmann()
    {
        ordered_json deep = "bottom"; // deeper than the writer's ready-made indent
        for (int level = 0; level < 40; ++level)
            deep = level % 2 ? ordered_json { { "level", deep } } : ordered_json::array({ deep, level });
        const ordered_json documents[] = { trickyDocument(), ordered_json(nullptr), ordered_json(7),
            ordered_json("top"), ordered_json::array({ ordered_json::array(), ordered_json::object() }),
            deep };
        for (const ordered_json& json : documents)
            QCOMPARE(written(json), reference(json));
    }

    void streamingGivesTheSameBytes()
    {
        const ordered_json json = trickyDocument();
        const QByteArray whole = written(json);
        for (const std::size_t flushBytes :
            { std::size_t(1), std::size_t(7), std::size_t(100), std::size_t(1) << 20 }) {
            int pieces = 0;
            QCOMPARE(streamed(json, flushBytes, pieces), whole);
            if (flushBytes < 100)
                QVERIFY2(pieces > 10, qPrintable(QString::number(pieces)));
            else if (flushBytes > static_cast<std::size_t>(whole.size()))
                QCOMPARE(pieces, 1);
        }
    }

    void builderRebuildsTheValue()
    {
        const ordered_json json = trickyDocument();
        const ordered_json copy = rebuilt(json);
        // NaN never equals itself: compare the text instead.
        QCOMPARE(reference(copy), reference(json));
        QVERIFY(copy["numbers"][4].is_number_unsigned());
        QVERIFY(copy["numbers"][1].is_number_integer() && !copy["numbers"][1].is_number_unsigned());
        QVERIFY(rebuilt(ordered_json(3)) == ordered_json(3));
        QVERIFY(rebuilt(ordered_json::object()) == ordered_json::object());
    }

    void scanDocumentOfTheSampleTree()
    {
        const Index index = sampleTreeIndex();
        QVERIFY(!index.runs.empty());
        const QByteArray text = QByteArray::fromStdString(scanJsonText(index));
        QCOMPARE(text, reference(scanJson(index)) + '\n');
        QVERIFY(text.contains("\"backend\": \"dvm\""));

        QByteArray streamedText;
        int pieces = 0;
        writeScanJson(index, [&](std::string_view piece) {
            streamedText.append(piece.data(), static_cast<qsizetype>(piece.size()));
            ++pieces;
        });
        QCOMPARE(streamedText, text);
        QCOMPARE(pieces, 2); // the document (under 1 MB), then the final newline

        // Graphs rendered by 1, 2 or 8 threads are spliced back in the same order and layout.
        for (int jobs : { 1, 2, 8 }) {
            QByteArray withJobs;
            writeScanJson(
                index,
                [&](std::string_view piece) {
                    withJobs.append(piece.data(), static_cast<qsizetype>(piece.size()));
                },
                jobs);
            QCOMPARE(withJobs, text);
        }
    }

    void nestedValuesSpliceIntoTheDocument()
    {
        // {"a": [1, {"b": [true, null]}], "c": {}} written directly, then with the array's second
        // element rendered apart by a writer nested at its depth.
        const auto writeInner = [](JsonTextWriter& w) {
            w.beginObject();
            w.key("b");
            w.beginArray();
            w.value(true);
            w.value(nullptr);
            w.endArray();
            w.endObject();
        };
        const auto writeOuter = [](JsonTextWriter& w, const std::function<void(JsonTextWriter&)>& second) {
            w.beginObject();
            w.key("a");
            w.beginArray();
            w.value(1);
            second(w);
            w.endArray();
            w.key("c");
            w.beginObject();
            w.endObject();
            w.endObject();
        };
        JsonTextWriter direct;
        writeOuter(direct, writeInner);
        const std::string expected = direct.take();
        QCOMPARE(QByteArray::fromStdString(expected),
            reference(ordered_json::parse(R"({"a": [1, {"b": [true, null]}], "c": {}})")));

        JsonTextWriter spliced;
        writeOuter(spliced, [&](JsonTextWriter& w) {
            QCOMPARE(w.depth(), std::size_t(2));
            JsonTextWriter nested = JsonTextWriter::nestedAt(w.depth());
            writeInner(nested);
            w.rawValue(nested.take());
        });
        QCOMPARE(QByteArray::fromStdString(spliced.take()), QByteArray::fromStdString(expected));

        // Streamed with a tiny flush size, the spliced value bypasses the buffer: same text, and
        // the value arrives as one piece of its own.
        std::string streamed;
        std::vector<std::string> pieces;
        JsonTextWriter sunk(
            [&](std::string_view piece) {
                streamed += piece;
                pieces.emplace_back(piece);
            },
            8);
        std::string nestedText;
        writeOuter(sunk, [&](JsonTextWriter& w) {
            JsonTextWriter nested = JsonTextWriter::nestedAt(w.depth());
            writeInner(nested);
            nestedText = nested.take();
            w.rawValue(nestedText);
        });
        sunk.finish();
        QCOMPARE(QByteArray::fromStdString(streamed), QByteArray::fromStdString(expected));
        QVERIFY(std::find(pieces.begin(), pieces.end(), nestedText) != pieces.end());
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
