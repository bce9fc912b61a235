// SPDX-License-Identifier: MIT
// profilejoin.h on hand-built indexes and profiles: Name, then Type without the suffix; names that
// repeat across graphs told apart by input shapes and dtypes, or left ambiguous with their
// candidates; outside compiled kernels by Type; steps; ranks paired with runs; the JSON keys.
#include "core/json/scanjson.h"
#include "core/profile/hotkernels.h"
#include "core/profile/profilejoin.h"
#include "core/text/profiletext.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace dvmlens;

namespace {

DvmInput input(std::optional<std::vector<std::int64_t>> shape, std::string dtype)
{
    DvmInput in;
    in.name = "arg";
    in.op = shape ? "load" : "scalar";
    in.shape = std::move(shape);
    in.dtype = std::move(dtype);
    return in;
}

Kernel dvm(std::string name, std::vector<DvmInput> inputs)
{
    Kernel kernel;
    kernel.name = std::move(name);
    kernel.backend = Backend::Dvm;
    kernel.inputs = std::move(inputs);
    return kernel;
}

Kernel other(std::string name, Backend backend)
{
    Kernel kernel;
    kernel.name = std::move(name);
    kernel.backend = backend;
    return kernel;
}

Graph graph(std::string name, std::vector<Kernel> kernels)
{
    Graph g;
    g.name = name;
    g.path = "/t/" + name;
    OutputCode code;
    code.path = g.path + "/output_code.py";
    code.kernels = std::move(kernels);
    g.outputCode = std::move(code);
    return g;
}

// Three graphs of one run, with the collisions the reference warns about.
Index collisionIndex()
{
    Run run;
    run.name = "run_a-pid_1";
    run.path = "/t/run_a-pid_1";
    run.graphs.push_back(graph("g0",
        { dvm("dvm_fused_add_0", { input({ { 8, 1024 } }, "float16"), input({ { 8, 1024 } }, "float16") }),
            dvm("dvm_fused_mul_1", { input({ { 8 } }, "float32") }),
            other("triton_unk_fused_sum_0", Backend::Triton),
            other("dvm_fused_silu_2", Backend::ImportFx) }));
    run.graphs.push_back(graph("g1",
        { dvm("dvm_fused_add_0", { input({ { 4, 512 } }, "float32"), input({ { 4, 512 } }, "float32") }),
            dvm("dvm_fused_relu_3", { input({ { -1, 128 } }, "bfloat16"), input(std::nullopt, "int64") }),
            other("triton_unk_fused_sum_0", Backend::Triton) }));
    run.graphs.push_back(graph("g2",
        { dvm("dvm_fused_add_0", { input({ { 8, 1024 } }, "float16"), input({ { 8, 1024 } }, "float16") }),
            dvm("dvm_fused_cast_0", { input({ { 8, 1024 } }, "float16") }),
            dvm("dvm_fused_cast_1", { input({ { 8, 1024 } }, "bfloat16") }) }));
    Index index;
    index.root = "/t";
    index.runs.push_back(std::move(run));
    return index;
}

LaunchGroup row(std::string name, std::string type, double totalUs, std::int64_t launches = 1,
    std::string shapes = {}, std::string dtypes = {})
{
    LaunchGroup group;
    group.name = std::move(name);
    group.type = std::move(type);
    group.core = "AI_CORE";
    group.totalUs = totalUs;
    group.launches = launches;
    group.inputShapes = std::move(shapes);
    group.inputDtypes = std::move(dtypes);
    group.firstLine = 2;
    return group;
}

Profile profileOf(std::vector<LaunchGroup> groups, std::string path = "/p/host_1_ascend_pt")
{
    Profile profile;
    profile.path = path;
    profile.kernelDetailsPath = path + "/ASCEND_PROFILER_OUTPUT/kernel_details.csv";
    for (const LaunchGroup& group : groups) {
        profile.rows += group.launches;
    }
    profile.groups = std::move(groups);
    return profile;
}

double timeOf(const ProfileJoin& join, std::size_t graph, std::size_t kernel)
{
    const KernelTime* time = join.timeOf(KernelRef { 0, graph, kernel });
    return time ? time->totalUs : -1.0;
}

} // namespace

class TestProfileJoin : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesAndSuffixes()
    {
        QCOMPARE(
            withoutNumericSuffix("dvm_fused_add_mul_relu_0"), std::string_view("dvm_fused_add_mul_relu"));
        QCOMPARE(withoutNumericSuffix("dvm_fused_add_12"), std::string_view("dvm_fused_add"));
        QCOMPARE(withoutNumericSuffix("MatMulV2"), std::string_view("MatMulV2"));
        QCOMPARE(withoutNumericSuffix("dvm_fused_x_"), std::string_view("dvm_fused_x_"));
        QCOMPARE(normalizedProfileDtype("FLOAT16"), std::string("float16"));
        QCOMPARE(normalizedProfileDtype("DT_BF16"), std::string("bfloat16"));
        QCOMPARE(normalizedProfileDtype("FLOAT"), std::string("float32"));
        QCOMPARE(normalizedProfileDtype("int64"), std::string("int64"));
        QCOMPARE(normalizedProfileDtype("BOOL"), std::string("bool"));
    }

    void shapesAgreeRules()
    {
        const Kernel k = dvm("k_0", { input({ { -1, 128 } }, "bfloat16"), input(std::nullopt, "int64") });
        QVERIFY(shapesAgree(k, "2,128", "BF16")); // the scalar left out
        QVERIFY(shapesAgree(k, "2,128;", "BF16;INT64")); // the scalar as an empty shape
        QVERIFY(shapesAgree(k, "2,128", ""));
        QVERIFY(shapesAgree(k, "", "DT_BF16"));
        QVERIFY(!shapesAgree(k, "2,64", ""));
        QVERIFY(!shapesAgree(k, "2,128", "FLOAT16"));
        QVERIFY(!shapesAgree(k, "2,128;2,128;2,128", ""));
        QVERIFY(!shapesAgree(other("triton_0", Backend::Triton), "2,128", ""));
    }

    void joinsByNameThenTypeAndDecidesByShapes()
    {
        const Index index = collisionIndex();
        const Profile profile = profileOf({
            // dvm_fused_add_0 is in all three graphs: only g1 takes 4x512 float32.
            row("dvm_fused_add_0", "dvm_fused_add", 30, 3, "4,512;4,512", "FLOAT;FLOAT"),
            // 8x1024 float16 fits g0 and g2 alike: ambiguous, never guessed.
            row("dvm_fused_add_0", "dvm_fused_add", 50, 5, "8,1024;8,1024", "FLOAT16;FLOAT16"),
            // Unique name: matched without looking at shapes.
            row("dvm_fused_mul_1", "dvm_fused_mul", 7, 1),
            // A Name that is no symbol: Type without suffix finds dvm_fused_relu_3 (dynamic dim, scalar left
            // out).
            row("Default", "dvm_fused_relu", 11, 1, "2,128", "BF16"),
            // Type dvm_fused_cast: two kernels of g2, told apart by dtype.
            row("", "dvm_fused_cast", 13, 1, "8,1024", "BF16"),
            // Triton names repeat across graphs and carry no inputs in the model: ambiguous.
            row("triton_unk_fused_sum_0", "triton_unk_fused_sum", 17, 1, "64", "FLOAT"),
            // import_fx kernels never match; ATen/CANN ops are outside.
            row("dvm_fused_silu_2", "dvm_fused_silu", 19, 1),
            row("MatMulV2", "MatMulV2", 100, 4),
            row("MatMulV2", "MatMulV2", 20, 1, "1,2;2,3", "FLOAT;FLOAT"),
            row("hcom_allReduce__123", "hcom_allReduce_", 40, 2),
        });
        const ProfileJoin join = joinProfiles(index, { profile }, {});
        QCOMPARE(join.rows, std::int64_t(20));
        QCOMPARE(join.matched, std::int64_t(6));
        QCOMPARE(join.ambiguous, std::int64_t(6));
        QCOMPARE(join.unmatched, std::int64_t(8));
        QVERIFY(!join.steps);

        QCOMPARE(timeOf(join, 1, 0), 30.0); // g1 dvm_fused_add_0
        QCOMPARE(join.timeOf({ 0, 1, 0 })->launches, std::int64_t(3));
        QCOMPARE(join.timeOf({ 0, 1, 0 })->meanUs(), 10.0);
        QCOMPARE(timeOf(join, 0, 0), -1.0); // g0 dvm_fused_add_0: ambiguous, not given
        QCOMPARE(timeOf(join, 2, 0), -1.0);
        QCOMPARE(timeOf(join, 0, 1), 7.0);
        QCOMPARE(timeOf(join, 1, 1), 11.0);
        QCOMPARE(timeOf(join, 2, 2), 13.0); // the bfloat16 cast
        QCOMPARE(timeOf(join, 2, 1), -1.0);
        QCOMPARE(timeOf(join, 0, 3), -1.0); // import_fx
        QCOMPARE(join.timeOf({ 0, 1, 1 })->cores, std::vector<std::string> { "AI_CORE" });

        QCOMPARE(join.ambiguousGroups.size(), std::size_t(2));
        const AmbiguousGroup& add = join.ambiguousGroups[0]; // largest first
        QCOMPARE(add.name, std::string("dvm_fused_add_0"));
        QCOMPARE(add.totalUs, 50.0);
        QCOMPARE(add.candidates, (std::vector<KernelRef> { { 0, 0, 0 }, { 0, 2, 0 } }));
        const AmbiguousGroup& sum = join.ambiguousGroups[1];
        QCOMPARE(sum.candidates, (std::vector<KernelRef> { { 0, 0, 2 }, { 0, 1, 2 } }));

        QCOMPARE(join.outside.size(), std::size_t(3));
        QCOMPARE(join.outside[0].type, std::string("MatMulV2"));
        QCOMPARE(join.outside[0].totalUs, 120.0);
        QCOMPARE(join.outside[0].launches, std::int64_t(5));
        QCOMPARE(join.outside[1].type, std::string("hcom_allReduce_"));
        QCOMPARE(join.outside[2].type, std::string("dvm_fused_silu"));

        const auto dvmIndex = static_cast<std::size_t>(Backend::Dvm);
        QCOMPARE(join.graphs[0][1].byBackend[dvmIndex], 41.0); // g1: add 30 + relu 11
        QCOMPARE(join.graphs[0][0].byBackend[dvmIndex], 7.0);
        QCOMPARE(join.graphs[0][2].byBackend[dvmIndex], 13.0);
        QCOMPARE(join.graphs[0][0].ambiguous, 0.0); // the candidates span two graphs
        QCOMPARE(join.runs[0].ambiguous, 67.0);
        QCOMPARE(join.runs[0].outside, 179.0);
        QCOMPARE(join.total.compiled(), 61.0);
        QCOMPARE(*join.total.dvmShare(), 1.0);

        // Every ambiguity is a diagnostic that names its candidates.
        int ambiguousNotes = 0;
        for (const Diagnostic& d : join.diagnostics) {
            if (d.code == "profile-ambiguous") {
                ++ambiguousNotes;
                QCOMPARE(d.line, std::optional<int>(2));
            }
        }
        QCOMPARE(ambiguousNotes, 2);
        QVERIFY(join.diagnostics.front().message.find(
                    "run_a-pid_1/g0/dvm_fused_add_0, run_a-pid_1/g2/dvm_fused_add_0")
            != std::string::npos);

        const std::vector<KernelRef> top = topKernels(join, 2);
        QCOMPARE(top, (std::vector<KernelRef> { { 0, 1, 0 }, { 0, 2, 2 } }));
    }

    void collisionWithoutShapesStaysAmbiguous()
    {
        const Index index = collisionIndex();
        const ProfileJoin join =
            joinProfiles(index, { profileOf({ row("dvm_fused_add_0", "dvm_fused_add", 9) }) }, {});
        QCOMPARE(join.ambiguous, std::int64_t(1));
        QCOMPARE(join.ambiguousGroups.front().candidates.size(), std::size_t(3));
        // Shapes that fit no candidate keep every candidate.
        const ProfileJoin none = joinProfiles(
            index, { profileOf({ row("dvm_fused_add_0", "dvm_fused_add", 9, 1, "3,3;3,3") }) }, {});
        QCOMPARE(none.ambiguousGroups.front().candidates.size(), std::size_t(3));
        // Type collisions inside one graph count as that graph's ambiguous time.
        const ProfileJoin inGraph =
            joinProfiles(index, { profileOf({ row("x", "dvm_fused_cast", 5, 1, "8,1024") }) }, {});
        QCOMPARE(inGraph.ambiguous, std::int64_t(1));
        QCOMPARE(inGraph.graphs[0][2].ambiguous, 5.0);
        // A graph-fused DVM kernel's row has no Name (profiler-format.md): its note names the Type
        // instead of quoting an empty name.
        const ProfileJoin nameless =
            joinProfiles(index, { profileOf({ row("", "dvm_fused_cast", 5, 4, "8,1024") }) }, {});
        QCOMPARE(nameless.ambiguous, std::int64_t(4));
        QCOMPARE(nameless.diagnostics.size(), std::size_t(1));
        QVERIFY2(nameless.diagnostics.front().message.str().starts_with(
                     "Type 'dvm_fused_cast' without a Name (4 launches) matches 2 kernels"),
            nameless.diagnostics.front().message.c_str());
    }

    void stepsAreCountedAndSummed()
    {
        const Index index = collisionIndex();
        Profile profile =
            profileOf({ row("dvm_fused_mul_1", "dvm_fused_mul", 36, 6), row("MatMulV2", "MatMulV2", 6, 1) });
        profile.hasSteps = true;
        profile.steps[1] = StepTime { 2, 10 };
        profile.steps[2] = StepTime { 3, 20 };
        profile.steps[3] = StepTime { 2, 12 };
        const ProfileJoin join = joinProfiles(index, { profile }, {});
        QCOMPARE(join.steps, std::optional<int>(3));
        QCOMPARE(join.stepIds, (std::vector<std::int64_t> { 1, 2, 3 }));
        QCOMPARE(join.stepTotalUs.at(2), 20.0);
        QCOMPARE(join.timeOf({ 0, 0, 1 })->launches, std::int64_t(6));
        QCOMPARE(join.timeOf({ 0, 0, 1 })->totalUs, 36.0);
        const std::string text = profileText(index, join);
        QVERIFY2(text.find("3 steps") != std::string::npos, text.c_str());
        QVERIFY2(text.find("per step: 1: 10.0 µs; 2: 20.0 µs; 3: 12.0 µs; mean 14.0 µs") != std::string::npos,
            text.c_str());
        // Without Step Id: no steps.
        QVERIFY(!joinProfiles(index, { profileOf({ row("MatMulV2", "MatMulV2", 6, 1) }) }, {}).steps);
    }

    void ranksPairWithRunsInOrder()
    {
        Index index = collisionIndex();
        Run second;
        second.name = "run_b-pid_2";
        second.graphs.push_back(graph("g0", { dvm("dvm_fused_mul_1", { input({ { 8 } }, "float32") }) }));
        index.runs.push_back(std::move(second));
        const std::vector<Profile> profiles { profileOf(
                                                  { row("dvm_fused_mul_1", "dvm_fused_mul", 1) }, "/p/r0"),
            profileOf({ row("dvm_fused_mul_1", "dvm_fused_mul", 2) }, "/p/r1"),
            profileOf({ row("dvm_fused_mul_1", "dvm_fused_mul", 4) }, "/p/r2") };
        const ProfileJoin join = joinProfiles(index, profiles, {});
        QCOMPARE(join.runOfProfile, (std::vector<std::optional<std::size_t>> { 0, 1, std::nullopt }));
        QCOMPARE(join.timeOf({ 0, 0, 1 })->totalUs, 1.0);
        QCOMPARE(join.timeOf({ 1, 0, 0 })->totalUs, 2.0);
        QCOMPARE(join.unmatched, std::int64_t(1)); // the third rank has no run
        QCOMPARE(join.total.outside, 4.0);
        QVERIFY(join.runProfiled[0] && join.runProfiled[1]);

        // Named: the single profile goes to the run the user chose.
        JoinOptions options;
        options.run = 1;
        const ProfileJoin named = joinProfiles(index, { profiles[2] }, options);
        QCOMPARE(named.timeOf({ 1, 0, 0 })->totalUs, 4.0);
        QVERIFY(!named.timeOf({ 0, 0, 1 }));
        QVERIFY(!named.runProfiled[0]);
    }

    // Names that repeat across graphs (Inductor numbers kernels per graph) stay ambiguous, yet the
    // hottest kernels list them by name with their time and candidates, and every graph they may be
    // in knows its time is unknown rather than zero.
    void hotKernelsListAmbiguousNamesWithTheirTime()
    {
        const Index index = collisionIndex();
        const ProfileJoin join = joinProfiles(index,
            { profileOf({ row("dvm_fused_add_0", "dvm_fused_add", 50, 5, "8,1024;8,1024", "FLOAT16;FLOAT16"),
                row("triton_unk_fused_sum_0", "triton_unk_fused_sum", 17, 1, "64", "FLOAT"),
                row("dvm_fused_mul_1", "dvm_fused_mul", 7, 1),
                row("x", "dvm_fused_cast", 5, 1, "8,1024") }) },
            {});
        QCOMPARE(join.sharedAmbiguous,
            (std::vector<std::vector<std::int64_t>> { { 2, 1, 1 } })); // the cast pair is inside g2
        const std::vector<HotKernel> hot = hotKernels(index, join, 10);
        QCOMPARE(hot.size(), std::size_t(4));
        QCOMPARE(hot[0].name, std::string("dvm_fused_add_0"));
        QVERIFY(hot[0].ambiguous());
        QCOMPARE(hot[0].totalUs, 50.0);
        QCOMPARE(hot[0].launches, std::int64_t(5));
        QCOMPARE(hot[0].backend, std::optional<Backend>(Backend::Dvm));
        QCOMPARE(hot[0].kernels, (std::vector<KernelRef> { { 0, 0, 0 }, { 0, 2, 0 } }));
        QCOMPARE(hot[0].cores, std::vector<std::string> { "AI_CORE" });
        QCOMPARE(hotKernelWhereText(index, hot[0], true), std::string("one of 2 graphs"));
        QCOMPARE(hot[1].name, std::string("triton_unk_fused_sum_0"));
        QCOMPARE(hot[1].backend, std::optional<Backend>(Backend::Triton));
        QCOMPARE(hot[2].name, std::string("dvm_fused_mul_1"));
        QVERIFY(!hot[2].ambiguous());
        QCOMPARE(hotKernelWhereText(index, hot[2], true), std::string("run_a-pid_1/g0"));
        QCOMPARE(hotKernelWhereText(index, hot[2], false), std::string("g0"));
        // Two kernels of one graph that differ in name: listed under the row's Type, in one graph.
        QCOMPARE(hot[3].name, std::string("x"));
        QCOMPARE(hot[3].graphs, std::size_t(1));
        QCOMPARE(hotKernels(index, join, 2).size(), std::size_t(2));

        const std::string text = profileText(index, join);
        QVERIFY2(
            text.find("dvm_fused_add_0 (ambiguous: one of 2 graphs)") != std::string::npos, text.c_str());
        QVERIFY2(text.find("   3. 7.0 µs  dvm  1× mean 7.0 µs  AI_CORE  run_a-pid_1/g0/dvm_fused_mul_1")
                != std::string::npos,
            text.c_str());
    }

    void hotKernelsMergeANameOverRanks()
    {
        Index index = collisionIndex();
        Run second = index.runs.front();
        second.name = "run_b-pid_2";
        index.runs.push_back(std::move(second));
        const LaunchGroup add = row("dvm_fused_add_0", "dvm_fused_add", 10, 2);
        const ProfileJoin join =
            joinProfiles(index, { profileOf({ add }, "/p/r0"), profileOf({ add }, "/p/r1") }, {});
        const std::vector<HotKernel> hot = hotKernels(index, join, 10);
        QCOMPARE(hot.size(), std::size_t(1));
        QCOMPARE(hot[0].totalUs, 20.0);
        QCOMPARE(hot[0].launches, std::int64_t(4));
        QCOMPARE(hot[0].kernels.size(), std::size_t(6));
        QCOMPARE(hotKernelWhereText(index, hot[0], true), std::string("one of 6 graphs in 2 runs"));
    }

    void scanJsonGainsOnlyTheProfileKeys()
    {
        const Index index = collisionIndex();
        const ProfileJoin join = joinProfiles(index,
            { profileOf(
                { row("dvm_fused_mul_1", "dvm_fused_mul", 7.1, 2), row("MatMulV2", "MatMulV2", 3) }) },
            {});
        const std::string plain = scanJsonText(index);
        QCOMPARE(scanJsonText(index, nullptr), plain);
        QVERIFY(plain.find("device_time_us") == std::string::npos);
        const auto json = nlohmann::ordered_json::parse(scanJsonText(index, &join));
        const auto& run = json["runs"][0];
        const auto& g0 = run["graphs"][0];
        QCOMPARE(g0["output_code"]["kernels"][1]["device_time_us"].dump(),
            std::string("{\"launches\":2,\"total\":7.1,\"mean\":3.55}"));
        QVERIFY(g0["output_code"]["kernels"][0]["device_time_us"].is_null());
        QCOMPARE(g0["device_time_us"]["by_backend"]["dvm"].get<double>(), 7.1);
        QCOMPARE(g0["device_time_us"]["by_backend"].size(), std::size(kAllBackends));
        QVERIFY(g0["device_time_us"]["outside"].is_null());
        QCOMPARE(run["device_time_us"]["outside"].get<double>(), 3.0);
        QCOMPARE(run["device_time_us"]["ambiguous"].get<double>(), 0.0);
        QCOMPARE(json["profile"].dump(),
            std::string("{\"paths\":[\"/p/"
                        "host_1_ascend_pt\"],\"rows\":3,\"matched\":2,\"ambiguous\":0,\"unmatched\":1,"
                        "\"steps\":null}"));
        // Removing the added keys gives back the document without a profile.
        auto stripped = json;
        stripped.erase("profile");
        for (auto& r : stripped["runs"]) {
            r.erase("device_time_us");
            for (auto& g : r["graphs"]) {
                g.erase("device_time_us");
                for (auto& k : g["output_code"]["kernels"])
                    k.erase("device_time_us");
            }
        }
        QCOMPARE(stripped.dump(), nlohmann::ordered_json::parse(plain).dump());
    }
};

QTEST_GUILESS_MAIN(TestProfileJoin)
#include "tst_profilejoin.moc"
