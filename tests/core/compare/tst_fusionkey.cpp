// SPDX-License-Identifier: MIT
// Fusion keys: the same fusion under every backend's naming, so compare can follow it across runs.
#include "core/compare/fusionkey.h"

#include <QTest>

using namespace dvmlens;

class TestFusionKey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keyOfName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("key");
        QTest::newRow("dvm mlir_fusion builder") << "dvm_fused_add_mul_relu_0_build"
                                                 << "fused_add_mul_relu";
        QTest::newRow("dvm alias / import_fx") << "dvm_fused_add_mul_relu_0"
                                               << "fused_add_mul_relu";
        QTest::newRow("dvm double underscore") << "dvm_fused__softmax_div_eq_masked_fill_matmul_ones_tril_3"
                                               << "fused__softmax_div_eq_masked_fill_matmul_ones_tril";
        QTest::newRow("dvm multi-digit suffix") << "dvm_fused_add_12_build"
                                                << "fused_add";
        QTest::newRow("dvm no suffix") << "dvm_fused_add_mul"
                                       << "fused_add_mul";
        QTest::newRow("triton poi") << "triton_poi_fused_add_mul_relu_0"
                                    << "fused_add_mul_relu";
        QTest::newRow("triton red") << "triton_red_fused_sum_1"
                                    << "fused_sum";
        QTest::newRow("triton per") << "triton_per_fused__softmax_2"
                                    << "fused__softmax";
        QTest::newRow("triton tem") << "triton_tem_fused_addmm_0"
                                    << "fused_addmm";
        QTest::newRow("triton for") << "triton_for_fused_cat_4"
                                    << "fused_cat";
        QTest::newRow("triton unk (older torch_npu)") << "triton_unk_fused_add_mul_relu_0"
                                                      << "fused_add_mul_relu";
        QTest::newRow("triton spl") << "triton_spl_fused_sum_5"
                                    << "fused_sum";
        QTest::newRow("triton without category (2.0)") << "triton_fused_add_mul_relu_0"
                                                       << "fused_add_mul_relu";
        QTest::newRow("triton truncated to 35") << "triton_poi_fused__softmax_div_eq_masked_fill_m_7"
                                                << "fused__softmax_div_eq_masked_fill_m";
        QTest::newRow("triton truncated at an underscore")
            << "triton_poi_fused_add_mul_relu_sigmoid_sub_exp__2"
            << "fused_add_mul_relu_sigmoid_sub_exp_";
        QTest::newRow("mlir") << "mlir_fused_add_mul_relu_0"
                              << "fused_add_mul_relu";
        QTest::newRow("cpp") << "cpp_fused_add_mul_relu_0"
                             << "fused_add_mul_relu";
        QTest::newRow("mfusion named") << "mfusion_dvm_fused_add_mul_0"
                                       << "fused_add_mul";
        QTest::newRow("mfusion early form") << "mfusion_dvm_3"
                                            << "mfusion";
        QTest::newRow("dvm graph_fusion") << "dvm_graph_fused_17"
                                          << "graph_fused";
        QTest::newRow("dvm graph_fusion look-alike") << "dvm_graph_fusedx_1"
                                                     << "graph_fusedx";
        QTest::newRow("triton without descriptive names") << "triton_poi__0"
                                                          << "triton_poi_";
        QTest::newRow("unknown backend prefix") << "autofused_add_mul_3"
                                                << "autofused_add_mul";
        QTest::newRow("no prefix, no suffix") << "my_kernel"
                                              << "my_kernel";
        QTest::newRow("_build alone") << "_build"
                                      << "_build";
    }

    void keyOfName()
    {
        QFETCH(QString, name);
        QFETCH(QString, key);
        QCOMPARE(QString::fromStdString(fusionKey(name.toStdString())), key);
    }

    void sameFusionAcrossBackends()
    {
        QCOMPARE(fusionKey("dvm_fused_add_mul_relu_0_build"), fusionKey("triton_unk_fused_add_mul_relu_0"));
        QCOMPARE(fusionKey("dvm_fused_add_mul_relu_0"), fusionKey("mlir_fused_add_mul_relu_3"));
        QVERIFY(fusionKey("dvm_fused_add_mul_0") != fusionKey("dvm_fused_add_mul_relu_0"));
    }

    void namelessKernelsKeyByOps()
    {
        Kernel graphFused;
        graphFused.name = "dvm_graph_fused_41";
        graphFused.backend = Backend::Dvm;
        graphFused.ops = { "mul", "cast", "mul", "add" };
        QCOMPARE(fusionKey(graphFused), std::string("graph_fused_add_cast_mul"));

        Kernel earlyMfusion;
        earlyMfusion.name = "mfusion_dvm_0";
        earlyMfusion.ops = { "mul", "add" };
        QCOMPARE(fusionKey(earlyMfusion), std::string("mfusion_add_mul"));

        Kernel named;
        named.name = "dvm_fused_add_mul_0_build";
        named.ops = { "mul", "add" };
        QCOMPARE(fusionKey(named), std::string("fused_add_mul"));
    }

    void keysMatchAcrossTheTritonCut()
    {
        const std::string full = fusionKey("dvm_fused__softmax_div_eq_masked_fill_matmul_ones_tril_3");
        const std::string cut = fusionKey("triton_poi_fused__softmax_div_eq_masked_fill_m_7");
        QCOMPARE(cut.size(), kTritonFusedNameLimit);
        QVERIFY(fusionKeysMatch(full, cut));
        QVERIFY(fusionKeysMatch(cut, full));
        QVERIFY(fusionKeysMatch("fused_add", "fused_add"));
        // A shorter key is only a cut when it is exactly 35 characters long.
        QVERIFY(!fusionKeysMatch("fused_add", "fused_add_mul"));
        QVERIFY(!fusionKeysMatch(cut.substr(0, 34), full));
        QVERIFY(!fusionKeysMatch(cut, "fused__softmax_div_eq_masked_fill_Xmatmul"));
        QVERIFY(fusionKeysMatch(fusionKey("dvm_fused_add_mul_relu_sigmoid_sub_exp_div_4_build"),
            fusionKey("triton_poi_fused_add_mul_relu_sigmoid_sub_exp__2")));
    }
};

QTEST_GUILESS_MAIN(TestFusionKey)
#include "tst_fusionkey.moc"
