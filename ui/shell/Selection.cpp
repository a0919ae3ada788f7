#include "ui/shell/Selection.h"

namespace attnviz::ui {

bool Selection::select(int head, int query, int key) {
    if (query < 0 || key < 0) query = key = -1;
    if (head == head_ && query == query_ && key == key_) return false;
    head_ = head;
    query_ = query;
    key_ = key;
    emit changed();
    return true;
}

}  // namespace attnviz::ui

