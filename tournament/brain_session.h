// One running brain process seen through the protocol: send lines, wait for the next answer
// with a deadline while skipping diagnostics, tell a crash from silence, and log the traffic.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "tournament/child_process.h"
#include "tournament/brain_spec.h"
#include "tournament/protocol_log.h"
#include "tournament/reported_search.h"

namespace tengen {

// Lines a brain may print at any time; the arena logs and skips them.
bool is_diagnostic_line(const std::string& line);

struct BrainAnswer {
    enum class Kind { Line, Timeout, Crash, MemoryLimit, Abandoned } kind = Kind::Timeout;
    // the answer (Line), how the process ended (Crash), what it used (MemoryLimit); Abandoned:
    // the run was interrupted while the brain thought (the game is not scored)
    std::string line;
    std::int64_t ms = 0;       // from the call to the answer
    std::int64_t cpu_ms = -1;  // CPU time of the brain's process group meanwhile, when known
    ReportedSearch reported;   // the last depth and score its MESSAGE lines gave meanwhile
    std::string last_error;    // the last ERROR line it printed meanwhile (skipped, not an answer)
};

// Fair play's grace: how long a brain runs, not stopped, after its answer before it is stopped
// (SIGSTOP) while the opponent thinks, and again after it is continued (SIGCONT) before the
// next command is written. Some brains (Rapfi) print their move before they have finished
// with it and drop a command that arrives meanwhile; a grace counted in wall time, part of it
// spent frozen, would give them none.
inline constexpr std::chrono::milliseconds kAnswerGrace{10};

inline constexpr std::int64_t kMemoryToleranceBytes = std::int64_t{32} << 20;

class BrainSession {
public:
    // label names this process in the log (e.g. "new#2"); log may be null.
    BrainSession(BrainSpec spec, std::string label, std::shared_ptr<ProtocolLog> log);
    ~BrainSession();
    BrainSession(const BrainSession&) = delete;
    BrainSession& operator=(const BrainSession&) = delete;

    const BrainSpec& spec() const noexcept { return spec_; }
    bool alive() const noexcept { return process_.running(); }
    pid_t pid() const noexcept { return process_.pid(); }  // also its process group

    // Starts the process (a no-op when it runs); a one-line reason on failure.
    Status launch();
    // False when the brain no longer reads its input.
    bool send(const std::string& line);
    // The next line that is not a diagnostic, before the deadline. With answer_errors, ERROR
    // and UNKNOWN lines count as answers (for START and ABOUT), else they are skipped.
    BrainAnswer await_answer(SteadyTime deadline, bool answer_errors = false);
    // Before the next command: a stopped brain is continued and given kAnswerGrace to run
    // first; one that was never stopped (pondering allowed) has had kAnswerGrace since its
    // last answer.
    void settle();
    // Asks the brain to quit (END), gives it a moment, then kills it.
    void quit();
    // Kills at once (after a loss by misbehaviour); the next launch() starts a fresh process.
    void kill();
    // Fair play: while its opponent thinks, the brain's whole process group is stopped
    // (SIGSTOP), so it cannot think on the other's time, once it has run kAnswerGrace since its
    // answer; anything sent to it first continues it (SIGCONT) and lets it run kAnswerGrace
    // again. A no-op when the tournament allows pondering.
    void set_pondering_allowed(bool allowed) noexcept { pondering_allowed_ = allowed; }
    void pause_while_waiting();
    // Resident memory of the brain's whole process group above which it loses with
    // memory-limit: memory= plus a tolerance (kMemoryToleranceBytes or an eighth, the larger),
    // checked every 50 ms while it thinks. nullopt: no memory= given, no check; nor before this
    // process has been sent INFO max_memory (managers send it after START's OK, so a brain
    // answering START cannot know the limit yet and sizes its tables by its own default).
    std::optional<std::int64_t> memory_ceiling() const;

    // While *flag is set, a wait for an answer ends at once as Abandoned (the arena was
    // interrupted); the flag must outlive the session.
    void set_abandon_flag(const std::atomic<bool>* flag) noexcept { abandon_ = flag; }

private:
    std::string describe_death();
    std::string last_stderr_line() const;
    void note(const char* direction, const std::string& line);

    BrainSpec spec_;
    std::string label_;
    std::shared_ptr<ProtocolLog> log_;
    ChildProcess process_;
    SteadyTime last_answer_{};
    bool pondering_allowed_ = false;
    bool paused_ = false;
    bool memory_limit_sent_ = false;  // this process has been sent INFO max_memory
    const std::atomic<bool>* abandon_ = nullptr;
    // Continues a stopped brain; with grace, lets it run kAnswerGrace before returning.
    void resume(bool grace);
};

// The longest name taken from ABOUT; longer ones are cut and end in "...".
inline constexpr std::size_t kMaxAboutName = 40;

// ABOUT's name="..." field, if any, made printable ASCII (other bytes become '?') and cut to
// kMaxAboutName.
std::optional<std::string> name_from_about(const std::string& about_line);

}  // namespace tengen
