# Script half of embed_text(): writes the data file as a byte array, so any content
# (UTF-8, quotes, very long files) survives without escaping rules.
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR byte_count "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
file(WRITE "${OUTPUT}"
"// Generated from ${INPUT} by cmake/embed_text_run.cmake. Do not edit.\n"
"#include <string_view>\n"
"namespace ${NAMESPACE} {\n"
"namespace { constexpr char kBytes[] = {${bytes} '\\0'}; }\n"
"std::string_view ${SYMBOL}() { return {kBytes, ${byte_count}}; }\n"
"}\n")
