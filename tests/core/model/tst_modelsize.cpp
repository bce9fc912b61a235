// SPDX-License-Identifier: MIT
// What an empty graph folder costs in the model (issue #30: a million of them in a 2 MB archive):
// a Graph holds its OutputCode and GraphOrigin only when it has them (BoxedOptional), copies of a
// Graph are deep, and a Diagnostic's message is shared by its copies (SharedText).
#include "core/model/model.h"

#include <QTest>

#include <optional>
#include <string>

using namespace dvmlens;

class TestModelSize : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void graphWithoutCodeIsSmall()
    {
        // Held inline, the two optionals made a Graph 640 bytes; boxed, it is 240 on x86-64.
        QVERIFY2(sizeof(Graph) <= 256, std::to_string(sizeof(Graph)).c_str());
        QCOMPARE(sizeof(BoxedOptional<OutputCode>), sizeof(void*));
        QCOMPARE(sizeof(BoxedOptional<GraphOrigin>), sizeof(void*));
        const Graph graph;
        QVERIFY(!graph.outputCode);
        QVERIFY(!graph.outputCode.has_value());
        QVERIFY(graph.outputCode == std::nullopt);
        QVERIFY(!graph.origin);
    }

    void boxedOptionalActsAsOptional()
    {
        BoxedOptional<OutputCode> code;
        QVERIFY(!code.has_value());
        QVERIFY_THROWS_EXCEPTION(std::bad_optional_access, code.value());
        code.emplace().path = "/t/output_code.py";
        QVERIFY(code);
        QCOMPARE(code->path, std::string("/t/output_code.py"));
        QCOMPARE((*code).path, std::string("/t/output_code.py"));
        QCOMPARE(code.value().path, std::string("/t/output_code.py"));
        code = std::nullopt;
        QVERIFY(!code);
        OutputCode value;
        value.lines = 7;
        code = value;
        QCOMPARE(code->lines, 7);
        code.reset();
        QVERIFY(!code);
        code = std::optional<OutputCode>(value);
        QCOMPARE(code->lines, 7);
        QCOMPARE(code.optional()->lines, 7);
        code = {};
        QVERIFY(!code);

        BoxedOptional<int> number;
        QCOMPARE(number.value_or(3), 3);
        number = 4;
        QVERIFY(number == 4);
        QVERIFY(number != 5);
        QVERIFY(number != std::nullopt);
        QVERIFY(number == BoxedOptional<int>(4));
        QVERIFY(number != BoxedOptional<int>());
    }

    void graphCopiesAreDeep()
    {
        Graph graph;
        graph.outputCode.emplace().lines = 10;
        graph.origin.emplace().kind = "trace";
        Graph copy = graph;
        QVERIFY(&*copy.outputCode != &*graph.outputCode);
        QVERIFY(&*copy.origin != &*graph.origin);
        copy.outputCode->lines = 20;
        copy.origin->kind = "cache";
        QCOMPARE(graph.outputCode->lines, 10);
        QCOMPARE(graph.origin->kind, std::string("trace"));
        copy = graph;
        QCOMPARE(copy.outputCode->lines, 10);
        const Graph moved = std::move(copy);
        QCOMPARE(moved.outputCode->lines, 10);
        QCOMPARE(moved.origin->kind, std::string("trace"));
    }

    void messageCopiesShareTheirText()
    {
        Diagnostic diagnostic;
        QVERIFY(diagnostic.message.empty());
        QCOMPARE(diagnostic.message.str(), std::string());
        diagnostic.message = std::string("The graph folder is empty.");
        const Diagnostic copy = diagnostic;
        QVERIFY(copy.message.data() == diagnostic.message.data());
        QVERIFY(copy.message == "The graph folder is empty.");
        QVERIFY(copy.message == std::string("The graph folder is empty."));
        QCOMPARE(copy.message + "!", std::string("The graph folder is empty.!"));
        QCOMPARE(copy.message.find("empty"), std::size_t(20));
        const std::string_view view = copy.message;
        QCOMPARE(view.size(), std::size_t(26));
        // A change makes a buffer of its own: the copy keeps its text.
        diagnostic.message += " Rerun.";
        QVERIFY(copy.message.data() != diagnostic.message.data());
        QCOMPARE(copy.message.str(), std::string("The graph folder is empty."));
        QCOMPARE(diagnostic.message.str(), std::string("The graph folder is empty. Rerun."));
    }
};

QTEST_GUILESS_MAIN(TestModelSize)
#include "tst_modelsize.moc"
