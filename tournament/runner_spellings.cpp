#include "tournament/runner_spellings.h"

#include "engine/text.h"

namespace tengen {

namespace {

std::pair<std::string, std::string> split_key(const std::string& token) {
    const auto eq = token.find('=');
    if (eq == std::string::npos) return {"", token};
    return {token.substr(0, eq), token.substr(eq + 1)};
}

}  // namespace

std::vector<std::string> opening_tokens(const std::vector<std::string>& tokens, std::vector<std::string>& problems) {
    std::vector<std::string> out;
    for (const std::string& token : tokens) {
        const auto [key, value] = split_key(token);
        if (key == "type") {
            if (value == "offset")
                out.push_back("format=offset");
            else if (value == "pos")
                out.push_back("format=letters");
            else
                problems.push_back("--openings: type= is offset or pos (format=offset|letters), got '" + value + "'");
        } else if (key == "srand") {
            const auto seed = parse_integer<std::uint64_t>(value);
            if (!seed)
                problems.push_back("--openings: srand= needs a number, got '" + value + "'");
            else if (*seed == 0)
                problems.push_back(
                    "--openings: srand=0 asks for an unpredictable order, which a resumed run could "
                    "not repeat: give srand=N (or seed=N) with N above 0");
            else
                out.push_back("seed=" + value);
        } else {
            out.push_back(token);
        }
    }
    return out;
}

std::vector<std::string> adjudication_tokens(const std::string& option, const std::vector<std::string>& tokens,
                                             std::vector<std::string>& problems) {
    if (tokens.size() == 2 && parse_integer<int>(tokens[0]) && parse_integer<int>(tokens[1]))
        return {"count=" + tokens[0], "score=" + tokens[1]};  // c-gomoku-cli: COUNT SCORE
    std::vector<std::string> out;
    for (const std::string& token : tokens) {
        const auto [key, value] = split_key(token);
        if (key == "movecount")
            out.push_back("count=" + value);
        else if (key == "movenumber" && option == "--draw")
            out.push_back("after=" + value);
        else if (key == "movenumber")
            problems.push_back(option + ": movenumber= is --draw's (after=PLY); --resign counts from the start");
        else
            out.push_back(token);
    }
    return out;
}

std::string pgn_file(const std::string& option, const std::vector<std::string>& tokens,
                     std::vector<std::string>& problems) {
    std::string file;
    for (const std::string& token : tokens) {
        const auto [key, value] = split_key(token);
        if ((key == "file" || key.empty()) && file.empty() && !value.empty())
            file = value;
        else
            problems.push_back(
                option + ": '" + token +
                "' is not read: the PGN holds each game's tags and result (give only FILE or file=FILE)");
    }
    if (file.empty() && tokens.empty()) problems.push_back(option + " needs FILE (or file=FILE)");
    return file;
}

std::string log_file(const std::vector<std::string>& tokens, const std::string& fallback,
                     std::vector<std::string>& problems) {
    if (tokens.empty()) return fallback;
    std::string file;
    for (const std::string& token : tokens) {
        const auto [key, value] = split_key(token);
        if (key == "file" && file.empty() && !value.empty())
            file = value;
        else
            problems.push_back("-log: '" + token +
                               "' is not read: the log is every engine's protocol traffic (give nothing or file=FILE)");
    }
    return file.empty() ? fallback : file;
}

}  // namespace tengen
