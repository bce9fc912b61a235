// SPDX-License-Identifier: MIT
// The digests behind "has_payload" checks and Inductor's code hash, against published vectors and
// Python's own answer (hashlib + base64.b32encode, as PyCodeCache names a module).
#include "core/trace/codehash.h"
#include "core/trace/digest.h"

#include <QtTest>

#include <string>

using namespace dvmlens;

class TestDigest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void md5MatchesRfc1321()
    {
        QCOMPARE(md5Hex(""), std::string("d41d8cd98f00b204e9800998ecf8427e"));
        QCOMPARE(md5Hex("abc"), std::string("900150983cd24fb0d6963f7d28e17f72"));
    }

    void md5FedInPiecesEqualsOneCall()
    {
        const std::string text = "# AOT ID: ['0_inference']\nimport torch\n" + std::string(70000, 'x');
        Md5 md5;
        md5.add("stale bytes");
        md5.reset();
        for (std::size_t at = 0; at < text.size(); at += 4093)
            md5.add(std::string_view(text).substr(at, 4093));
        QCOMPARE(md5.hex(), md5Hex(text));
        QCOMPARE(md5.hex(), md5Hex("")); // hex() starts over
    }

    void sha256MatchesFips180()
    {
        const auto digest = sha256("abc");
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(digest.data()), int(digest.size())).toHex(),
            QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    }

    void codeHashIsPythonsModuleName()
    {
        QCOMPARE(inductorCodeHash("  def f():\n    pass\n\n"),
            std::string("clc4p6p7zesycyzwjcnuoyetjcp7rsgq45whprdb2bmnzenrbr7i"));
    }
};

QTEST_GUILESS_MAIN(TestDigest)
#include "tst_digest.moc"
