// Sizes a table by its own default at START until a manager has said max_memory, as real
// engines do: touches 128 MiB and answers START only 0.3 s later (so a manager watching its
// memory then would see it), and unmaps the table when INFO max_memory arrives; a later START
// keeps to the limit it was told. Mapped directly, so that a sanitizer's quarantine cannot
// keep the freed pages resident.
#include <sys/mman.h>

#include <cstring>

#include "fake_brain.h"

int main() {
    constexpr std::size_t kDefaultTable = std::size_t{128} << 20;
    void* table = nullptr;
    bool told = false;  // max_memory has arrived
    auto release = [&] {
        if (table) ::munmap(table, kDefaultTable);
        table = nullptr;
    };
    auto hook = [&](fake::State&, const std::string& word, const std::string& rest) {
        if ((word == "START" || word == "RECTSTART") && !told) {
            release();
            void* p = ::mmap(nullptr, kDefaultTable, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p != MAP_FAILED) {
                table = p;
                std::memset(table, 1, kDefaultTable);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
        } else if (word == "INFO" && rest.find("max_memory") != std::string::npos) {
            told = true;
            release();
        }
    };
    return fake::run(
        "big_start",
        [](fake::State& s) {
            const auto p = s.random_empty();
            fake::say(fake::move_text(p));
            return p;
        },
        &fake::no_swap2, hook);
}
