// SPDX-License-Identifier: MIT
// A small compressed archive cut short (issue 30, item 17): every whole entry decoded before the cut
// stays and the cut is one `archive-corrupt` diagnostic saying "truncated <compression> input", as
// for a large archive. The tar is compressed here with the libraries themselves, flushed after the
// first graph's file as a streaming writer does, so the bytes before the cut decode to that file.
#include "archivewriter.h"
#include "core/index/indexer.h"
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

using namespace dvmlens;
using testutil::ArchiveBuilder;
using testutil::ArchiveFormat;

namespace {

const std::string kGraphs = "t/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/";
const std::string kFirst = kGraphs + "model__1_inference_3.2/output_code.py";
const std::string kSecond = kGraphs + "model__0_backward_2.1/output_code.py";

enum class Codec
{
    Gzip,
    Xz,
    Zstd,
    Bzip2,
};

QByteArray sampleFile(const std::string& inner)
{
    QFile file(testutil::sourcePath(
        QStringLiteral("resources/samples/torch_compile_debug/") + QString::fromStdString(inner.substr(2))));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// `input` compressed as one stream; with `flushAt` ≥ 0, flushed after its first `flushAt` bytes
// (every byte before is decodable from the output before `*flushed`).
QByteArray compressed(Codec codec, const QByteArray& input, qsizetype flushAt, qsizetype* flushed)
{
    const QByteArray parts[2] = { input.left(flushAt < 0 ? 0 : flushAt),
        input.mid(flushAt < 0 ? 0 : flushAt) };
    QByteArray out;
    char buffer[1 << 16];
    if (codec == Codec::Gzip) {
        z_stream z {};
        deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
        for (int i = 0; i < 2; ++i) {
            z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(parts[i].constData()));
            z.avail_in = uInt(parts[i].size());
            int status = Z_OK;
            do {
                z.next_out = reinterpret_cast<Bytef*>(buffer);
                z.avail_out = sizeof buffer;
                status = deflate(&z, i == 0 ? Z_FULL_FLUSH : Z_FINISH);
                out.append(buffer, qsizetype(sizeof buffer - z.avail_out));
            } while (i == 0 ? z.avail_out == 0 : status != Z_STREAM_END);
            if (i == 0)
                *flushed = out.size();
        }
        deflateEnd(&z);
    } else if (codec == Codec::Xz) {
        lzma_stream s = LZMA_STREAM_INIT;
        if (lzma_easy_encoder(&s, 6, LZMA_CHECK_CRC64) != LZMA_OK)
            return {};
        for (int i = 0; i < 2; ++i) {
            s.next_in = reinterpret_cast<const uint8_t*>(parts[i].constData());
            s.avail_in = size_t(parts[i].size());
            lzma_ret status = LZMA_OK;
            do {
                s.next_out = reinterpret_cast<uint8_t*>(buffer);
                s.avail_out = sizeof buffer;
                status = lzma_code(&s, i == 0 ? LZMA_SYNC_FLUSH : LZMA_FINISH);
                out.append(buffer, qsizetype(sizeof buffer - s.avail_out));
            } while (status == LZMA_OK);
            if (i == 0)
                *flushed = out.size();
        }
        lzma_end(&s);
    } else if (codec == Codec::Zstd) {
        ZSTD_CCtx* context = ZSTD_createCCtx();
        for (int i = 0; i < 2; ++i) {
            ZSTD_inBuffer in { parts[i].constData(), size_t(parts[i].size()), 0 };
            size_t left = 0;
            do {
                ZSTD_outBuffer o { buffer, sizeof buffer, 0 };
                left = ZSTD_compressStream2(context, &o, &in, i == 0 ? ZSTD_e_flush : ZSTD_e_end);
                out.append(buffer, qsizetype(o.pos));
            } while (left != 0 && !ZSTD_isError(left));
            if (i == 0)
                *flushed = out.size();
        }
        ZSTD_freeCCtx(context);
    } else {
        bz_stream s {};
        BZ2_bzCompressInit(&s, 9, 0, 0);
        for (int i = 0; i < 2; ++i) {
            s.next_in = const_cast<char*>(parts[i].constData());
            s.avail_in = unsigned(parts[i].size());
            int status = BZ_RUN_OK;
            do {
                s.next_out = buffer;
                s.avail_out = sizeof buffer;
                status = BZ2_bzCompress(&s, i == 0 ? BZ_FLUSH : BZ_FINISH);
                out.append(buffer, qsizetype(sizeof buffer - s.avail_out));
            } while (status == BZ_FLUSH_OK || status == BZ_FINISH_OK);
            if (i == 0)
                *flushed = out.size();
        }
        BZ2_bzCompressEnd(&s);
    }
    return out;
}

const Graph* graphNamed(const Index& index, std::string_view name)
{
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            if (graph.name == name)
                return &graph;
        }
    }
    return nullptr;
}

std::vector<const Diagnostic*> withCode(const Index& index, std::string_view code)
{
    std::vector<const Diagnostic*> found;
    for (const Diagnostic& diagnostic : index.diagnostics) {
        if (diagnostic.code == code)
            found.push_back(&diagnostic);
    }
    return found;
}

} // namespace

class TestCutCompressed : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("tree.tar"));
        {
            ArchiveBuilder builder(path, ArchiveFormat::Tar);
            builder.addFile(kFirst, sampleFile(kFirst));
            builder.addFile(kSecond, sampleFile(kSecond));
            QVERIFY(builder.close());
        }
        QFile tar(path);
        QVERIFY(tar.open(QIODevice::ReadOnly));
        m_tar = tar.readAll();
        QVERIFY(m_tar.size() < 32 * 1024); // a small archive: every decoder reads ahead more than this
        const qsizetype second = m_tar.indexOf(QByteArray::fromStdString(kSecond));
        QVERIFY(second > 0);
        m_secondHeader = second / 512 * 512;
    }

    void keepsWhatWasRead_data()
    {
        QTest::addColumn<int>("codec");
        QTest::addColumn<QString>("name");
        QTest::newRow("gzip") << int(Codec::Gzip) << QStringLiteral("gzip");
        QTest::newRow("xz") << int(Codec::Xz) << QStringLiteral("xz");
        QTest::newRow("zstd") << int(Codec::Zstd) << QStringLiteral("zstd");
        QTest::newRow("bzip2") << int(Codec::Bzip2) << QStringLiteral("bzip2");
    }
    // Cut right after the first graph's file: it is parsed, the second graph is left out, the cut is
    // said once with the compression's name.
    void keepsWhatWasRead()
    {
        QFETCH(int, codec);
        QFETCH(QString, name);
        qsizetype flushed = 0;
        const QByteArray whole = compressed(Codec(codec), m_tar, m_secondHeader, &flushed);
        QVERIFY(flushed > 0 && flushed < whole.size());
        const QString path = m_dir.filePath(QStringLiteral("cut-") + name);
        // zstd and bzip2 decode whole blocks only (and a flushed bzip2 block ends inside a byte): they
        // are cut halfway through the next block, which gives nothing of it.
        const bool blockwise = Codec(codec) == Codec::Zstd || Codec(codec) == Codec::Bzip2;
        writeFile(path, whole.left(blockwise ? flushed + (whole.size() - flushed) / 2 : flushed));

        std::string error;
        const std::optional<Index> index = buildIndex(QFile::encodeName(path).toStdString(), {}, error);
        QVERIFY2(index, error.c_str());
        const Graph* first = graphNamed(*index, "model__1_inference_3.2");
        QVERIFY(first && first->outputCode);
        QVERIFY(first->outputCode->dvmEngaged);
        QVERIFY(!graphNamed(*index, "model__0_backward_2.1"));
        const std::vector<const Diagnostic*> cut = withCode(*index, "archive-corrupt");
        QCOMPARE(cut.size(), std::size_t(1));
        QVERIFY2(cut[0]->message.find("truncated " + name.toStdString() + " input") != std::string::npos,
            cut[0]->message.c_str());

        // Whole, the same bytes give both graphs and no diagnostic of the stream.
        const QString wholePath = m_dir.filePath(QStringLiteral("whole-") + name);
        writeFile(wholePath, whole);
        const std::optional<Index> full = buildIndex(QFile::encodeName(wholePath).toStdString(), {}, error);
        QVERIFY2(full, error.c_str());
        QVERIFY(graphNamed(*full, "model__0_backward_2.1"));
        QVERIFY(withCode(*full, "archive-corrupt").empty());
    }

    // Cut inside the second graph's file: gzip and xz decode up to the cut, so its folder is listed and
    // its output_code.py is unreadable (never half-parsed, never "not engaged" from half a file).
    void cutInsideAFile_data()
    {
        QTest::addColumn<int>("codec");
        QTest::newRow("gzip") << int(Codec::Gzip);
        QTest::newRow("xz") << int(Codec::Xz);
    }
    void cutInsideAFile()
    {
        QFETCH(int, codec);
        qsizetype flushed = 0;
        const QByteArray whole = compressed(Codec(codec), m_tar, m_secondHeader, &flushed);
        const QString path = m_dir.filePath(QStringLiteral("inside-%1").arg(codec));
        writeFile(path, whole.left(flushed + (whole.size() - flushed) / 2));
        std::string error;
        const std::optional<Index> index = buildIndex(QFile::encodeName(path).toStdString(), {}, error);
        QVERIFY2(index, error.c_str());
        QVERIFY(graphNamed(*index, "model__1_inference_3.2")->outputCode->dvmEngaged);
        const Graph* second = graphNamed(*index, "model__0_backward_2.1");
        QVERIFY(second && second->outputCode);
        QVERIFY(!second->outputCode->dvmEngaged);
        QStringList codes;
        for (const Diagnostic& diagnostic : second->diagnostics)
            codes << QString::fromStdString(diagnostic.code);
        QVERIFY2(codes.contains(QStringLiteral("unreadable")), qPrintable(codes.join(u',')));
        QCOMPARE(withCode(*index, "archive-corrupt").size(), std::size_t(1));
    }

    void nothingBeforeTheCut_data()
    {
        QTest::addColumn<int>("codec");
        QTest::addColumn<QString>("name");
        QTest::newRow("zstd") << int(Codec::Zstd) << QStringLiteral("zstd");
        QTest::newRow("bzip2") << int(Codec::Bzip2) << QStringLiteral("bzip2");
    }
    // zstd (blocks up to 128 KiB) and bzip2 (up to 900 kB) decode a block only whole: a small
    // archive written in one block and cut has no byte to give, and is refused with the reason.
    void nothingBeforeTheCut()
    {
        QFETCH(int, codec);
        QFETCH(QString, name);
        qsizetype flushed = 0;
        const QByteArray whole = compressed(Codec(codec), m_tar, -1, &flushed);
        const QString path = m_dir.filePath(QStringLiteral("oneblock-") + name);
        writeFile(path, whole.left(whole.size() * 3 / 4));
        std::string error;
        QVERIFY(!buildIndex(QFile::encodeName(path).toStdString(), {}, error));
        QVERIFY2(
            error.find("truncated " + name.toStdString() + " input") != std::string::npos, error.c_str());
    }

    // A corrupt stream (not a cut one) is said as such, not as a cut.
    void corruptIsNotCut()
    {
        qsizetype flushed = 0;
        QByteArray bytes = compressed(Codec::Gzip, m_tar, m_secondHeader, &flushed);
        for (qsizetype i = flushed + 8; i < flushed + 64 && i < bytes.size(); ++i)
            bytes[i] = char(0xff);
        const QString path = m_dir.filePath(QStringLiteral("corrupt.tar.gz"));
        writeFile(path, bytes);
        std::string error;
        const std::optional<Index> index = buildIndex(QFile::encodeName(path).toStdString(), {}, error);
        QVERIFY2(index, error.c_str());
        QVERIFY(graphNamed(*index, "model__1_inference_3.2"));
        const std::vector<const Diagnostic*> cut = withCode(*index, "archive-corrupt");
        QCOMPARE(cut.size(), std::size_t(1));
        QVERIFY2(
            cut[0]->message.find("gzip decompression failed") != std::string::npos, cut[0]->message.c_str());
    }

private:
    static void writeFile(const QString& path, const QByteArray& bytes)
    {
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        QCOMPARE(out.write(bytes), bytes.size());
    }

    QTemporaryDir m_dir;
    QByteArray m_tar;
    qsizetype m_secondHeader = 0;
};

QTEST_GUILESS_MAIN(TestCutCompressed)
#include "tst_cutcompressed.moc"
