// Plays random empty points and answers SWAP2BOARD as its arguments say: the first is its
// answer to three stones ("swap", "one" or "two" stones), the second its answer to five
// ("swap" or "one"), "bad" in either place answers four stones. As the proposer it places three
// random stones. A third argument is a score it reports before each move, so a test can tell
// whose moves are whose. Lets a test take the arena through every branch of the swap2 phase.
#include <string>

#include "fake_brain.h"

int main(int argc, char** argv) {
    const std::string to_three = argc > 1 ? argv[1] : "swap";
    const std::string to_five = argc > 2 ? argv[2] : "swap";
    const std::string score = argc > 3 ? argv[3] : "";
    auto place = [](fake::State& s, int count) {
        std::string answer;
        for (int i = 0; i < count; ++i) {
            const auto p = s.random_empty();
            s.stones.insert(p);
            if (!answer.empty()) answer += ' ';
            answer += fake::move_text(p);
        }
        return answer;
    };
    auto swap2 = [&](fake::State& s, const std::vector<std::pair<int, int>>& given) -> std::string {
        const std::string choice = given.empty() ? "three" : given.size() == 3 ? to_three : to_five;
        if (choice == "three") return place(s, 3);
        if (choice == "bad") return place(s, 4);
        if (choice == "swap") return "SWAP";
        return place(s, choice == "two" ? 2 : 1);
    };
    return fake::run(
        "swap2",
        [&score](fake::State& s) {
            if (!score.empty()) fake::say("MESSAGE depth 4 eval " + score);
            const auto p = s.random_empty();
            fake::say(fake::move_text(p));
            return p;
        },
        swap2);
}
