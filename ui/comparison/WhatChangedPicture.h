// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QIcon>
#include <QSize>
#include <QString>

#include <vector>

class QPainter;

// What changed on paper (what_changed.png, File ▸ Export): the title, how it
// was measured, and one wrapped line per finding with its marker, on white.
class WhatChangedPicture {
public:
    struct Line {
        QIcon marker;
        QColor color;
        QString text;
    };

    // `message` (the empty state, computing) is drawn in place of the lines when set.
    WhatChangedPicture(QString title, QString method, QString message, std::vector<Line> lines,
                       QFont font);

    // The height that holds every line at this width.
    int height(int width) const;
    void render(QPainter* painter, QSize size) const;

private:
    QString title_;
    QString method_;
    QString message_;
    std::vector<Line> lines_;
    QFont font_;
};
