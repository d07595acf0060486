// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnalysisPage.h"

#include "RunData.h"

bool AnalysisPage::shownFor(const RunData&) const {
    return true;
}
