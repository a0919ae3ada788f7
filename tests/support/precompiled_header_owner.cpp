// Empty on purpose: the object libraries attnviz_test_pch and attnviz_ui_test_pch exist to build
// the tests' precompiled headers once (tests/CMakeLists.txt), and CMake needs a source for them.
