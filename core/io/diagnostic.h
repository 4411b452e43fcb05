#pragma once
// Problems found in a file a designer gave us, each tied to where it is.
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace burrow {

struct Diagnostic {
    std::string path;    // JSON pointer into the document ("/recipe/2/params/fill"), or "" for the whole file
    std::string message; // what was expected, and what was found
};

// Thrown when a file cannot be used. what() names the file and lists every problem
// as "FILE: at /json/path: message", one a line.
class FileError : public std::runtime_error {
public:
    FileError(std::string file, std::vector<Diagnostic> problems);
    const std::string& file() const { return file_; }
    const std::vector<Diagnostic>& problems() const { return problems_; }

private:
    std::string file_;
    std::vector<Diagnostic> problems_;
};

std::string formatDiagnostic(const std::string& file, const Diagnostic& d);

// What went wrong, in words: an exception's message, except that running out of
// memory says so (std::bad_alloc's own is the bare "std::bad_alloc").
std::string errorText(const std::exception& e);

// `text` cut to at most about `most` bytes at a UTF-8 character's start, saying how
// long it was: a message quotes what it found, never a whole hostile file.
std::string shortText(const std::string& text, std::size_t most);

// A number as a message shows it: `significantDigits` at most ("%g"), so a rule's
// 0.35 reads 0.35, not 0.350000.
std::string numberText(double value, int significantDigits = 4);

} // namespace burrow
