// SPDX-License-Identifier: MIT
// The @dvm.kernel decorator and builder statements, one form at a time (dvm-format.md §1.3–§1.6),
// plus the expression reader they stand on.
#include "core/parse/dvmkernel.h"
#include "core/parse/exprreader.h"
#include "core/parse/pylexer.h"

#include <QTest>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

// Reads `source` (a decorator line, then a `def …(k):` body) the way the parser does.
Kernel readKernel(std::string_view source)
{
    PyLexer lexer(source);
    LogicalLine line;
    Kernel kernel;
    DvmBodyReader reader;
    reader.start("k");
    bool decorated = false;
    while (lexer.next(line)) {
        if (!decorated) {
            std::vector<std::string_view> arguments;
            decorated = readDvmDecorator(line, kernel, arguments);
            continue;
        }
        if (line.indent > 0)
            reader.read(line.code);
    }
    reader.finish(kernel);
    return kernel;
}

QStringList opsOf(const Kernel& kernel)
{
    QStringList names;
    for (const std::string& op : kernel.ops)
        names << QString::fromStdString(op);
    return names;
}

} // namespace

class TestDvmKernel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalisesDtypes_data()
    {
        QTest::addColumn<QString>("spelling");
        QTest::addColumn<QString>("dtype");
        for (const char* name :
            { "float32", "float16", "bfloat16", "int32", "int64", "int8", "uint8", "int16", "float64" }) {
            QTest::newRow(qPrintable(QStringLiteral("dvm.") + QLatin1StringView(name)))
                << QStringLiteral("dvm.") + QLatin1StringView(name) << name;
            QTest::newRow(qPrintable(QStringLiteral("torch.") + QLatin1StringView(name)))
                << QStringLiteral("torch.") + QLatin1StringView(name) << name;
        }
        QTest::newRow("dvm.bool_") << "dvm.bool_"
                                   << "bool";
        QTest::newRow("torch.bool") << "torch.bool"
                                    << "bool";
        QTest::newRow("bare") << " float32 "
                              << "float32";
        QTest::newRow("None") << "None" << QString();
    }

    void normalisesDtypes()
    {
        QFETCH(QString, spelling);
        QFETCH(QString, dtype);
        const auto normalised = normalisedDtype(spelling.toStdString());
        QCOMPARE(normalised, dtype.isNull() ? std::nullopt : std::optional<std::string>(dtype.toStdString()));
    }

    void decoratorForms_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("isDvm");
        QTest::addColumn<QString>("ktype");
        QTest::addColumn<int>("dynShape"); // -1 null, 0 false, 1 true
        QTest::addColumn<int>("mfusion");
        QTest::newRow("emitted") << QByteArray("@dvm.kernel(ktype='vector', dyn_shape=False)") << true
                                 << "vector" << 0 << -1;
        QTest::newRow("three kwargs")
            << QByteArray("@dvm.kernel(ktype='vector', dyn_shape=False, mfusion=False)") << true << "vector"
            << 0 << 0;
        QTest::newRow("any order and spacing")
            << QByteArray("@ dvm . kernel ( mfusion = True ,dyn_shape=True,ktype=\"split\" )") << true
            << "split" << 1 << 1;
        QTest::newRow("multi-line") << QByteArray(
            "@dvm.kernel(\n    ktype='mix',  # matmul\n    dyn_shape=True,\n)")
                                    << true << "mix" << 1 << -1;
        QTest::newRow("runtime defaults") << QByteArray("@dvm.kernel()") << true << QString() << -1 << -1;
        QTest::newRow("other decorator") << QByteArray("@triton.jit") << false << QString() << -1 << -1;
        QTest::newRow("other kernel attribute")
            << QByteArray("@dvm.kernels(ktype='vector')") << false << QString() << -1 << -1;
    }

    void decoratorForms()
    {
        QFETCH(QByteArray, line);
        QFETCH(bool, isDvm);
        QFETCH(QString, ktype);
        QFETCH(int, dynShape);
        QFETCH(int, mfusion);
        PyLexer lexer(std::string_view(line.constData(), std::size_t(line.size())));
        LogicalLine logical;
        QVERIFY(lexer.next(logical));
        Kernel kernel;
        std::vector<std::string_view> arguments;
        QCOMPARE(readDvmDecorator(logical, kernel, arguments), isDvm);
        QCOMPARE(
            kernel.ktype, ktype.isNull() ? std::nullopt : std::optional<std::string>(ktype.toStdString()));
        QCOMPARE(kernel.dynShape, dynShape < 0 ? std::nullopt : std::optional<bool>(dynShape == 1));
        QCOMPARE(kernel.mfusion, mfusion < 0 ? std::nullopt : std::optional<bool>(mfusion == 1));
    }

    void inputsInOrderWithShapesStridesDtypes()
    {
        const Kernel kernel = readKernel("@dvm.kernel(ktype='vector', dyn_shape=True)\n"
                                         "def dvm_fused_x_0_build(k):\n"
                                         "    a = k.load([2, -1], dvm.float16)\n"
                                         "    b = k.view_load([4, 8], [16, 1], dvm.bfloat16)\n"
                                         "    c = k.view_load([4, 8], [1, 4], 0, torch.int32)\n"
                                         "    s = k.scalar(dvm.float32)\n"
                                         "    i = k.intref()\n"
                                         "    f = k.floatref()\n"
                                         "    e = k.load([], dvm.bool_)\n"
                                         "    k.store(a)\n");
        QCOMPARE(kernel.inputs.size(), std::size_t(7));
        const std::vector<std::string> names = { "a", "b", "c", "s", "i", "f", "e" };
        const std::vector<std::string> ops = { "load", "view_load", "view_load", "scalar", "intref",
            "floatref", "load" };
        const std::vector<std::string> dtypes = { "float16", "bfloat16", "int32", "float32", "int64",
            "float32", "bool" };
        for (std::size_t i = 0; i < names.size(); ++i) {
            QCOMPARE(kernel.inputs[i].name, names[i]);
            QCOMPARE(kernel.inputs[i].op, ops[i]);
            QCOMPARE(kernel.inputs[i].dtype, std::optional<std::string>(dtypes[i]));
        }
        using Dims = std::optional<std::vector<std::int64_t>>;
        QCOMPARE(kernel.inputs[0].shape, Dims({ 2, -1 }));
        QCOMPARE(kernel.inputs[0].stride, std::nullopt);
        QCOMPARE(kernel.inputs[1].stride, Dims({ 16, 1 }));
        QCOMPARE(kernel.inputs[2].shape, Dims({ 4, 8 }));
        QCOMPARE(kernel.inputs[2].stride, Dims({ 1, 4 }));
        QCOMPARE(kernel.inputs[3].shape, std::nullopt);
        QCOMPARE(kernel.inputs[4].shape, std::nullopt);
        QCOMPARE(kernel.inputs[6].shape, Dims(std::vector<std::int64_t>()));
        QVERIFY(kernel.ops.empty());
        QCOMPARE(kernel.outputs.size(), std::size_t(1));
        QCOMPARE(kernel.outputs[0].dtype, std::nullopt);
    }

    void opsInTextualOrder()
    {
        const Kernel kernel = readKernel("@dvm.kernel(ktype='spec', dyn_shape=False)\n"
                                         "def dvm_graph_fused_3(k):\n"
                                         "    x = k.load([8], dvm.float32)\n"
                                         "    r = k.div(1, k.sqrt(x))\n"
                                         "    k.spec_next()\n"
                                         "    m = k.max(r, [-1], True)\n"
                                         "    copy_ = x\n"
                                         "    w = k.select(k.less(x, -inf), nan, 1.0001020512297174)\n"
                                         "    b = k.broadcast(w, [x, 2*x])\n"
                                         "    mm = k.matmul(x, b, False, True,x)\n"
                                         "    z = k.add(k.matmul(x, b, False, False), k.mul(x, 1e-05))\n"
                                         "    notk.add(x)\n"
                                         "    k.store(m, dvm.float32)\n"
                                         "    k.store(m, dvm.float32)\n"
                                         "    k.set_kernel_info('a', 'b')\n");
        QCOMPARE(opsOf(kernel),
            QStringList({ u"div"_s, u"sqrt"_s, u"max"_s, u"select"_s, u"less"_s, u"broadcast"_s, u"matmul"_s,
                u"add"_s, u"matmul"_s, u"mul"_s }));
        QCOMPARE(kernel.outputs.size(), std::size_t(2));
        QCOMPARE(kernel.outputs[1].name, std::string("m"));
        QCOMPARE(kernel.inputs.size(), std::size_t(1));
    }

    void builderParameterIsRespected()
    {
        PyLexer lexer("    a = kb.load([1], dvm.float32)\n    b = k.add(a, a)\n    c = kb.exp(a)\n");
        LogicalLine line;
        Kernel kernel;
        DvmBodyReader reader;
        reader.start("kb");
        while (lexer.next(line))
            reader.read(line.code);
        reader.finish(kernel);
        QCOMPARE(kernel.inputs.size(), std::size_t(1));
        QCOMPARE(opsOf(kernel), QStringList({ u"exp"_s }));
    }

    void expressionReader()
    {
        std::vector<std::string_view> parts;
        expr::splitArguments(" a, f(b, [c, d]), {'x': 1, 'y': 2} , ", parts);
        QCOMPARE(parts, std::vector<std::string_view>({ "a", "f(b, [c, d])", "{'x': 1, 'y': 2}" }));
        expr::splitArguments("", parts);
        QVERIFY(parts.empty());

        std::vector<std::int64_t> ints;
        QVERIFY(expr::intList("[1, -2, s0, 4*s1 + 1, +3, f(2, 3)]", ints));
        QCOMPARE(ints, std::vector<std::int64_t>({ 1, -2, -1, -1, 3, -1 }));
        QVERIFY(expr::intList(" [ ] ", ints));
        QVERIFY(ints.empty());
        QVERIFY(expr::intList("[7, ]", ints));
        QCOMPARE(ints, std::vector<std::int64_t>({ 7 }));
        QVERIFY(!expr::intList("(1, 2)", ints));

        QCOMPARE(expr::integer(" - 7 "), std::optional<std::int64_t>(-7));
        QCOMPARE(expr::integer("1e5"), std::nullopt);
        QCOMPARE(expr::boolean("True"), std::optional<bool>(true));
        QCOMPARE(expr::boolean("true"), std::nullopt);

        std::size_t end = 0;
        QCOMPARE(
            expr::dottedNameAt("x = torch . ops.aten.mm(", 4, end), std::string_view("torch . ops.aten.mm"));
        QCOMPARE(end, std::size_t(23));
        QCOMPARE(expr::callArguments(" f ( a, (b) ) ", "f"), std::optional<std::string_view>(" a, (b) "));
        QCOMPARE(expr::callArguments("f(a) + 1", "f"), std::nullopt);
        QCOMPARE(expr::closingBracket("f(a[1], (b))", 1), std::size_t(11));
        QCOMPARE(expr::closingBracket("f(a", 1), std::string_view::npos);
        const auto keyword = expr::keywordArgument("ktype = 'x'");
        QVERIFY(keyword);
        QCOMPARE(keyword->first, std::string_view("ktype"));
        QCOMPARE(keyword->second, std::string_view("'x'"));
        QVERIFY(!expr::keywordArgument("a == b"));
    }
};

QTEST_GUILESS_MAIN(TestDvmKernel)
#include "tst_dvmkernel.moc"
