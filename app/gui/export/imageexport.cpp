// SPDX-License-Identifier: MIT
#include "gui/export/imageexport.h"

#include "core/io/pathtext.h"
#include "core/report/reportfile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QImageWriter>
#include <QPainter>
#include <QPixmap>
#include <QWidget>

QImage renderWidget(QWidget& widget)
{
    return widget.grab().toImage();
}

QStringList imageExportSuffixes()
{
    return { QStringLiteral("png"), QStringLiteral("jpg"), QStringLiteral("jpeg") };
}

QString saveImage(const QImage& image, const QString& file)
{
    const QString shownPath = QDir::toNativeSeparators(QFileInfo(file).absoluteFilePath());
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (!imageExportSuffixes().contains(suffix))
        return QCoreApplication::translate("ImageExport", "Cannot write %1: use a .png or .jpg file name.")
            .arg(shownPath);
    if (image.isNull())
        return QCoreApplication::translate("ImageExport", "Cannot write %1: there is nothing to render.")
            .arg(shownPath);
    // Encoded in memory, then written by the reports' safe writer (core/report/reportfile.h): never
    // through a symbolic link, never into a FIFO (that would block) or a device, atomically.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(
        &buffer, suffix == QLatin1String("png") ? QByteArrayLiteral("png") : QByteArrayLiteral("jpeg"));
    if (suffix != QLatin1String("png"))
        writer.setQuality(92); // text in screenshots stays crisp; the default 75 smears it
    // JPEG has no alpha channel: flatten onto white rather than let the writer pick black.
    QImage toWrite = image;
    if (suffix != QLatin1String("png") && image.hasAlphaChannel()) {
        QImage pixels = image;
        pixels.setDevicePixelRatio(1); // paint pixel for pixel
        toWrite = QImage(image.size(), QImage::Format_RGB32);
        toWrite.fill(Qt::white);
        QPainter(&toWrite).drawImage(0, 0, pixels);
    }
    if (!writer.write(toWrite))
        return QCoreApplication::translate("ImageExport", "Cannot write %1: %2")
            .arg(shownPath, writer.errorString());
    const std::string failure = dvmlens::writeReportFile(
        dvmlens::pathBytes(file), std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!failure.empty())
        return QCoreApplication::translate("ImageExport", "Cannot write %1: %2")
            .arg(shownPath, QString::fromStdString(failure));
    return {};
}
