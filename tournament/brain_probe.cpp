#include "tournament/brain_probe.h"

#include <algorithm>

#include "engine/text.h"
#include "tournament/brain_session.h"
#include "tournament/referee.h"

namespace tengen {

ProbeResult probe_brain(const BrainSpec& spec, const GameConfig& config, std::int64_t start_timeout_ms) {
    ProbeResult result;
    BrainSession session(spec, file_name_of(spec.cmd) + "#probe", nullptr);
    if (const Status started = session.launch(); !started.ok()) {
        result.failure = started.error();
        return result;
    }
    using SteadyClock = std::chrono::steady_clock;
    auto fail = [&](const BrainAnswer& a, const std::string& what) {
        if (a.kind == BrainAnswer::Kind::Crash)
            result.failure = "it ended after " + what + " (" + printable_excerpt(a.line, 300) + ")";
        else if (a.kind == BrainAnswer::Kind::Timeout)
            result.failure = "no answer to " + what;
        else
            result.failure = "it answered " + what + " with '" + printable_excerpt(a.line, 120) + "'";
        session.kill();
        return result;
    };
    if (!session.send("ABOUT"))
        return fail(session.await_answer(SteadyClock::now() + std::chrono::seconds(1)), "ABOUT");
    // ABOUT is optional in practice: a brain that ignores it is still playable.
    const auto about_wait = std::chrono::milliseconds(std::min<std::int64_t>(start_timeout_ms, 3000));
    const BrainAnswer about = session.await_answer(SteadyClock::now() + about_wait, true);
    if (about.kind == BrainAnswer::Kind::Crash) return fail(about, "ABOUT");
    if (about.kind == BrainAnswer::Kind::Line) result.about_name = name_from_about(about.line).value_or("");

    session.send(start_command(config));
    const BrainAnswer ok = session.await_answer(SteadyClock::now() + std::chrono::milliseconds(start_timeout_ms), true);
    if (ok.kind != BrainAnswer::Kind::Line || ok.line != "OK") return fail(ok, start_command(config));
    session.quit();
    return result;
}

std::vector<std::string> unique_names(const std::vector<BrainSpec>& specs,
                                      const std::vector<std::string>& about_names) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        std::string base = specs[i].name;
        if (base.empty() && i < about_names.size()) base = about_names[i];
        if (base.empty()) base = file_name_of(specs[i].cmd);
        std::string name = base;
        for (int suffix = 2; std::find(names.begin(), names.end(), name) != names.end(); ++suffix)
            name = base + "-" + std::to_string(suffix);
        names.push_back(name);
    }
    return names;
}

}  // namespace tengen
