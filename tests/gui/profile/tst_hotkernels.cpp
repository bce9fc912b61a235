// SPDX-License-Identifier: MIT
// The Hot kernels dock on the sample tree with the sample profile (sampleprofile.h): the model's exact rows
// (checked by QAbstractItemModelTester), sorting, the time-share chart's bars, the summary line,
// and activating a row naming the kernel for the browse view.
#include "gui/codeview/codecolors.h"
#include "gui/codeview/codemarks.h"
#include "gui/common/themes.h"
#include "gui/profile/hotkernelsdock.h"
#include "gui/profile/hotkernelsmodel.h"
#include "gui/profile/sampleprofile.h"
#include "gui/profile/timesharechart.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestHotKernels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void modelRowsAndSorting()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        HotKernelsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setProfile(loaded.index, loaded.join);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(HotKernelsModel::ColumnCount));
        const auto cell = [&](int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(cell(0, HotKernelsModel::NameColumn), QString(u"dvm_fused_silu_view_2"_s));
        QCOMPARE(cell(0, HotKernelsModel::BackendColumn), QString(u"dvm"_s));
        QCOMPARE(cell(0, HotKernelsModel::TimeColumn), QString(u"30.0 µs"_s));
        QCOMPARE(cell(0, HotKernelsModel::ShareColumn), QString(u"30.0%"_s));
        QCOMPARE(cell(0, HotKernelsModel::CoreColumn), QString(u"MIX_AIC"_s));
        QCOMPARE(cell(0, HotKernelsModel::GraphColumn), QString(u"model__0_forward_1.0"_s));
        QCOMPARE(cell(1, HotKernelsModel::NameColumn), QString(u"dvm_fused_add_mul_1"_s));
        QCOMPARE(cell(1, HotKernelsModel::LaunchesColumn), QString(u"2"_s));
        QCOMPARE(cell(1, HotKernelsModel::MeanColumn), QString(u"6.0 µs"_s));
        QCOMPARE(cell(2, HotKernelsModel::GraphColumn), QString(u"model__0_backward_2.1"_s));
        QCOMPARE(
            model.index(1, HotKernelsModel::TimeColumn).data(HotKernelsModel::SortRole).toDouble(), 12.0);
        QCOMPARE(model.refAt(2).graph, std::size_t(1));
        // Device launches, not the kernel table's launch sites.
        QCOMPARE(model.headerData(HotKernelsModel::LaunchesColumn, Qt::Horizontal).toString(),
            QString(u"Device launches"_s));
        QVERIFY(!model.index(0, 0).data(HotKernelsModel::AmbiguousRole).toBool());
        model.setProfile(loaded.index, nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void chartHasOneBarPerTimedGraph()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        TimeShareChart chart;
        chart.setProfile(loaded.index.get(), loaded.join.get());
        QCOMPARE(chart.bars().size(), std::size_t(2));
        QCOMPARE(chart.bars()[0].label, QString(u"model__0_forward_1.0"_s));
        QCOMPARE(chart.bars()[0].shares.byBackend[std::size_t(dvmlens::Backend::Dvm)], 42.0);
        QCOMPARE(chart.bars()[1].label, QString(u"model__0_backward_2.1"_s));
        QCOMPARE(chart.scale(), 42.0);
        chart.resize(600, 200);
        QImage image(chart.size(), QImage::Format_ARGB32);
        image.fill(Qt::white);
        chart.render(&image);
        // The forward bar's DVM green is drawn.
        bool green = false;
        for (int x = 0; x < image.width() && !green; ++x) {
            for (int y = 0; y < image.height() && !green; ++y)
                green = image.pixelColor(x, y) == timeShareColor(dvmlens::Backend::Dvm);
        }
        QVERIFY(green);
        chart.setProfile(nullptr, nullptr);
        QVERIFY(chart.bars().empty());
    }

    // One hue per backend in every view: the time bars, the code's margin stripes and the kernel
    // table's backend words agree (Triton was orange in the bars, import_fx orange elsewhere).
    void backendHuesAgreeAcrossViews()
    {
        for (const Theme theme : { Theme::Light, Theme::Dark }) {
            applyTheme(theme);
            const QPalette palette = QApplication::palette();
            const CodeColors colors = codeColorsFor(palette);
            const std::pair<dvmlens::Backend, CodeMarkKind> kinds[] = {
                { dvmlens::Backend::Dvm, CodeMarkKind::DvmKernel },
                { dvmlens::Backend::ImportFx, CodeMarkKind::ImportFxKernel },
                { dvmlens::Backend::Triton, CodeMarkKind::OtherKernel },
            };
            for (const auto& [backend, kind] : kinds) {
                const int bar = timeShareColor(backend).hsvHue();
                const auto close = [bar](const QColor& other) {
                    const int d = std::abs(bar - other.hsvHue()) % 360;
                    return std::min(d, 360 - d) <= 25;
                };
                QVERIFY2(close(codeMarkStripe(kind, colors)),
                    qPrintable(QStringLiteral("%1: bar %2, stripe %3")
                                   .arg(int(backend))
                                   .arg(bar)
                                   .arg(codeMarkStripe(kind, colors).hsvHue())));
                QVERIFY2(close(backendColor(backend, palette)),
                    qPrintable(QStringLiteral("%1: bar %2, table %3")
                                   .arg(int(backend))
                                   .arg(bar)
                                   .arg(backendColor(backend, palette).hsvHue())));
            }
        }
        applyTheme(Theme::Light);
    }

    void dockSummaryAndActivation()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        HotKernelsDock dock;
        QVERIFY(dock.summary()->text().contains(u"Open Profile"_s));
        dock.setProfile(loaded.index, loaded.join, u"prof"_s);
        QVERIFY2(dock.summary()->text().contains(QStringLiteral(
                     "prof: 5 kernel rows, 4 matched, 0 ambiguous, 1 outside compiled kernels.")),
            qPrintable(dock.summary()->text()));
        QVERIFY2(dock.summary()->text().contains(u"DVM share of compiled time 100.0%"_s),
            qPrintable(dock.summary()->text()));
        QCOMPARE(dock.table()->model()->rowCount(), 3);
        QSignalSpy activated(&dock, &HotKernelsDock::kernelActivated);
        // Sorted by name ascending, the first row is dvm_fused_add_mul_1.
        dock.table()->sortByColumn(HotKernelsModel::NameColumn, Qt::AscendingOrder);
        Q_EMIT dock.table()->activated(dock.table()->model()->index(0, 0));
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), QString(u"model__0_forward_1.0/dvm_fused_add_mul_1"_s));
        dock.setProfile(loaded.index, nullptr, {});
        QCOMPARE(dock.table()->model()->rowCount(), 0);
        QVERIFY(dock.summary()->text().contains(u"Open Profile"_s));
    }
};

QTEST_MAIN(TestHotKernels)
#include "tst_hotkernels.moc"
