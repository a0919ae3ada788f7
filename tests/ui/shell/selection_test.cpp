// Selection without a window: it says when the head or the cell changes, and only then.
#include <QSignalSpy>

#include <gtest/gtest.h>

#include "core/base/Heads.h"
#include "ui/shell/Selection.h"

namespace attnviz::ui {
namespace {

TEST(SelectionTest, StartsOnHeadZeroWithNoCell) {
    const Selection selection;
    EXPECT_EQ(selection.head(), 0);
    EXPECT_FALSE(selection.hasCell());
    EXPECT_EQ(selection.query(), -1);
    EXPECT_EQ(selection.key(), -1);
}

TEST(SelectionTest, SaysWhenTheHeadOrTheCellChangesAndOnlyThen) {
    Selection selection;
    QSignalSpy changed(&selection, &Selection::changed);
    EXPECT_TRUE(selection.selectCell(2, 1));
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(selection.query(), 2);
    EXPECT_EQ(selection.key(), 1);
    EXPECT_FALSE(selection.selectCell(2, 1)) << "the same cell again is no change";
    EXPECT_EQ(changed.count(), 1);
    EXPECT_TRUE(selection.select(kAllHeads, 2, 1)) << "another head is a change";
    EXPECT_EQ(changed.count(), 2);
    EXPECT_EQ(selection.head(), kAllHeads);
    selection.setKeyChosenByUser(true);
    EXPECT_EQ(changed.count(), 2) << "who chose the key is not a change of cell";
    EXPECT_TRUE(selection.keyChosenByUser());
}

TEST(SelectionTest, ANegativeIndexSelectsNoCell) {
    Selection selection;
    selection.selectCell(3, 3);
    EXPECT_TRUE(selection.selectCell(3, -1));
    EXPECT_FALSE(selection.hasCell());
    EXPECT_EQ(selection.query(), -1) << "no half-selected cell";
    EXPECT_EQ(selection.key(), -1);
    EXPECT_FALSE(selection.selectCell(-1, 5)) << "still no cell";
}

}  // namespace
}  // namespace attnviz::ui
