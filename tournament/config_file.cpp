#include "config_file.h"

#include <nlohmann/json.hpp>

namespace tengen {

namespace {

// A JSON scalar as the command line would spell it: strings bare, numbers as written.
std::variant<std::string, std::string> scalar_text(const nlohmann::json& v, const std::string& where) {
    using Result = std::variant<std::string, std::string>;
    if (v.is_string()) return Result(std::in_place_index<0>, v.get<std::string>());
    if (v.is_number_integer() || v.is_number_unsigned() || v.is_number_float())
        return Result(std::in_place_index<0>, v.dump());
    if (v.is_boolean()) return Result(std::in_place_index<0>, v.get<bool>() ? "true" : "false");
    return Result(std::in_place_index<1>, where + " must be a string, a number or true/false");
}

// {"cmd": "x", "arg": ["a", "b"], "st": 0.2} as key=value tokens (a list repeats its key).
std::variant<std::vector<std::string>, std::string> key_value_tokens(const nlohmann::json& object, const std::string& where) {
    if (!object.is_object()) return where + " must be an object of KEY: VALUE";
    std::vector<std::string> out;
    for (const auto& [key, value] : object.items()) {
        const auto values = value.is_array() ? value : nlohmann::json::array({value});
        for (const auto& v : values) {
            auto text = scalar_text(v, where + "." + key);
            if (text.index() == 1) return std::get<1>(text);
            out.push_back(key + "=" + std::get<0>(text));
        }
    }
    return out;
}

}  // namespace

std::variant<std::vector<std::string>, std::string> config_tokens(const std::string& text,
                                                                  const boost::program_options::options_description& options,
                                                                  const std::set<std::string>& given) {
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded()) return std::string("not valid JSON");
    if (!json.is_object()) return std::string("must hold one JSON object of option: value");
    std::vector<std::string> out;
    for (const auto& [key, value] : json.items()) {
        if (key == "config") return std::string("a config file cannot name another (\"config\")");
        const auto* option = options.find_nothrow(key, false);
        if (!option) return "unknown option \"" + key + "\"";
        if (given.count(key)) continue;  // the command line wins
        const std::string flag = "--" + key;
        if (key == "engine") {
            if (!value.is_array()) return std::string("\"engine\" must be a list of engines, each an object of keys");
            for (std::size_t i = 0; i < value.size(); ++i) {
                auto tokens = key_value_tokens(value[i], "engine[" + std::to_string(i) + "]");
                if (tokens.index() == 1) return std::get<1>(tokens);
                out.push_back(flag);
                for (auto& t : std::get<0>(tokens)) out.push_back(std::move(t));
            }
            continue;
        }
        if (value.is_object()) {  // each, openings, sprt: key=value tokens after the option
            auto tokens = key_value_tokens(value, "\"" + key + "\"");
            if (tokens.index() == 1) return std::get<1>(tokens);
            out.push_back(flag);
            for (auto& t : std::get<0>(tokens)) out.push_back(std::move(t));
            continue;
        }
        if (option->semantic()->max_tokens() == 0) {  // a switch: present when true
            if (!value.is_boolean()) return "\"" + key + "\" is a switch: true or false";
            if (value.get<bool>()) out.push_back(flag);
            continue;
        }
        auto scalar = scalar_text(value, "\"" + key + "\"");
        if (scalar.index() == 1) return std::get<1>(scalar);
        out.push_back(flag + "=" + std::get<0>(scalar));
    }
    return out;
}

}  // namespace tengen
