#include "tournament/config_file.h"

#include <optional>

#include <nlohmann/json.hpp>

namespace tengen {

namespace {

// A JSON scalar as the command line would spell it (strings bare, numbers as written), or
// nullopt for anything else.
std::optional<std::string> scalar_text(const nlohmann::json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number()) return v.dump();
    if (v.is_boolean()) return std::string(v.get<bool>() ? "true" : "false");
    return std::nullopt;
}

std::string not_scalar(const std::string& where) { return where + " must be a string, a number or true/false"; }

// The option, then {"cmd": "x", "arg": ["a", "b"], "st": 0.2} as key=value tokens (a list
// repeats its key), appended to out; an error names where.
Status append_key_values(const std::string& flag, const nlohmann::json& object, const std::string& where,
                         std::vector<std::string>& out) {
    if (!object.is_object()) return Failure{where + " must be an object of KEY: VALUE"};
    out.push_back(flag);
    for (const auto& [key, value] : object.items()) {
        const auto values = value.is_array() ? value : nlohmann::json::array({value});
        for (const auto& v : values) {
            const auto text = scalar_text(v);
            if (!text) return Failure{not_scalar(where + "." + key)};
            out.push_back(key + "=" + *text);
        }
    }
    return {};
}

}  // namespace

Result<std::vector<std::string>> config_tokens(const std::string& text,
                                               const boost::program_options::options_description& options,
                                               const std::set<std::string>& given) {
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded()) return Failure{"not valid JSON"};
    if (!json.is_object()) return Failure{"must hold one JSON object of option: value"};
    std::vector<std::string> out;
    for (const auto& [key, value] : json.items()) {
        if (key == "config") return Failure{"a config file cannot name another (\"config\")"};
        const auto* option = options.find_nothrow(key, false);
        if (!option) return Failure{"unknown option \"" + key + "\""};
        if (given.count(key)) continue;  // the command line wins
        const std::string flag = "--" + key;
        if (key == "engine") {
            if (!value.is_array()) return Failure{"\"engine\" must be a list of engines, each an object of keys"};
            for (std::size_t i = 0; i < value.size(); ++i)
                if (const Status e = append_key_values(flag, value[i], "engine[" + std::to_string(i) + "]", out);
                    !e.ok())
                    return Failure{e.error()};
            continue;
        }
        if (value.is_object()) {  // each, openings, sprt: key=value tokens after the option
            if (const Status e = append_key_values(flag, value, "\"" + key + "\"", out); !e.ok())
                return Failure{e.error()};
            continue;
        }
        if (option->semantic()->max_tokens() == 0) {  // a switch: present when true
            if (!value.is_boolean()) return Failure{"\"" + key + "\" is a switch: true or false"};
            if (value.get<bool>()) out.push_back(flag);
            continue;
        }
        const auto scalar = scalar_text(value);
        if (!scalar) return Failure{not_scalar("\"" + key + "\"")};
        out.push_back(flag + "=" + *scalar);
    }
    return out;
}

}  // namespace tengen
