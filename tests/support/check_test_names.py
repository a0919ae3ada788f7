#!/usr/bin/python3
"""Fails when a parameterised test case is named by its index or printed as raw bytes or an address.

Usage: check_test_names.py TEST_EXECUTABLE...

Reads each GoogleTest executable's --gtest_list_tests. A case named `…/3` changes name when a case
is inserted before it, and a value printed as `88-byte object <C0-FC …>` or `0x55d0…` changes from
run to run: `ctest -R` and timing history then lose track. The cure is a name generator
(tests/support/CaseNames.h) and a PrintTo for the parameter type.
"""
import re
import subprocess
import sys

INDEX_NAME = re.compile(r"/\d+$")
RAW_VALUE = re.compile(r"\d+-byte object|0x[0-9a-fA-F]{4,}")


def problems(executable):
    listing = subprocess.run([executable, "--gtest_list_tests"], capture_output=True, text=True, check=True).stdout
    suite = ""
    for line in listing.splitlines():
        if not line.startswith("  "):
            suite = line.split("#")[0].strip()
            continue
        name, _, comment = line.strip().partition("#")
        case = suite + name.strip()
        if INDEX_NAME.search(name.strip()):
            yield f"{case}: named by its index; give INSTANTIATE_TEST_SUITE_P a name generator"
        if RAW_VALUE.search(comment):
            yield f"{case}: its parameter prints as raw bytes or an address ({comment.strip()}); give the type a PrintTo"


def main(executables):
    found = [p for executable in executables for p in problems(executable)]
    for p in found:
        print(p)
    print(f"{len(found)} unstable test name(s) in {len(executables)} executable(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
