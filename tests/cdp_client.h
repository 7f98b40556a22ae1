// Headless Chromium driven over the Chrome DevTools Protocol, for the serve page's tests: the
// browser is started with a fresh profile, one tab is attached (flat sessions), and the test
// evaluates script, clicks with real mouse events, uploads files and takes screenshots.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <boost/beast/core/detail/base64.hpp>
#include <nlohmann/json.hpp>

#include "ws_client.h"

namespace tengen::testing {

// The browser: TENGEN_CHROMIUM, else Debian's /usr/bin/chromium (.ci/run installs it).
inline std::string chromium_path() {
    const char* chosen = std::getenv("TENGEN_CHROMIUM");
    return chosen && *chosen ? chosen : "/usr/bin/chromium";
}

class Browser {
public:
    explicit Browser(const std::filesystem::path& profile) : profile_(profile) {
        std::filesystem::remove_all(profile_);
        std::filesystem::create_directories(profile_);
        const std::string binary = chromium_path();
        if (access(binary.c_str(), X_OK) != 0)
            throw std::runtime_error("no Chromium at " + binary + ": install Debian's chromium (.ci/run does)");
        std::vector<std::string> args{binary,
                                      "--headless",
                                      "--no-sandbox",  // the test may run as root, where the sandbox refuses
                                      "--disable-gpu",
                                      "--no-first-run",
                                      "--no-default-browser-check",
                                      "--disable-extensions",
                                      "--remote-debugging-port=0",
                                      "--user-data-dir=" + profile_.string(),
                                      "--window-size=1200,900",
                                      "about:blank"};
        pid_ = fork();
        if (pid_ == 0) {
            setpgid(0, 0);  // its own group: the renderers go with it
            const int null = ::open("/dev/null", O_WRONLY);
            if (null >= 0) {
                dup2(null, STDOUT_FILENO);
                dup2(null, STDERR_FILENO);
            }
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(argv[0], argv.data());
            _exit(127);
        }
        // Chromium writes the port it chose and the browser's endpoint into the profile.
        const auto port_file = profile_ / "DevToolsActivePort";
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        std::string port, path;
        while (true) {
            std::ifstream in(port_file);
            if (in && std::getline(in, port) && std::getline(in, path) && !path.empty()) break;
            if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error("Chromium did not start");
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        socket_ = std::make_unique<WsClient>(static_cast<unsigned short>(std::stoi(port)), path);
        const auto target = call("Target.createTarget", {{"url", "about:blank"}}, false);
        const auto attached =
            call("Target.attachToTarget", {{"targetId", target.at("targetId")}, {"flatten", true}}, false);
        session_ = attached.at("sessionId").get<std::string>();
        call("Page.enable");
        call("Runtime.enable");
    }
    ~Browser() {
        if (pid_ > 0) {
            kill(-pid_, SIGKILL);
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        std::error_code ignored;
        std::filesystem::remove_all(profile_, ignored);
    }
    Browser(const Browser&) = delete;
    Browser& operator=(const Browser&) = delete;

    // One DevTools command; its result, or std::runtime_error with the browser's reason.
    nlohmann::json call(const std::string& method, nlohmann::json params = nlohmann::json::object(),
                        bool in_tab = true) {
        const int id = ++next_id_;
        nlohmann::json message{{"id", id}, {"method", method}, {"params", std::move(params)}};
        if (in_tab) message["sessionId"] = session_;
        if (!socket_->send(message.dump())) throw std::runtime_error("DevTools connection lost");
        const auto reply =
            socket_->receive_until([id](const nlohmann::json& m) { return m.contains("id") && m["id"] == id; },
                                   std::chrono::seconds(30), method);
        if (reply.contains("error")) throw std::runtime_error(method + ": " + reply["error"].dump());
        return reply.value("result", nlohmann::json::object());
    }

    // The value of a script expression (awaited when it is a promise).
    nlohmann::json evaluate(const std::string& expression) {
        const auto result =
            call("Runtime.evaluate", {{"expression", expression}, {"returnByValue", true}, {"awaitPromise", true}});
        if (result.contains("exceptionDetails"))
            throw std::runtime_error("script failed: " + expression + ": " + result["exceptionDetails"].dump());
        return result.at("result").value("value", nlohmann::json());
    }

    // Polls the expression until it is true; false after the timeout.
    bool wait_for(const std::string& expression, std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            if (evaluate("!!(" + expression + ")") == true) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return false;
    }

    void open(const std::string& url) {
        call("Page.navigate", {{"url", url}});
        if (!wait_for("document.readyState === 'complete'")) throw std::runtime_error("the page did not load");
    }

    // A left click in the middle of the element the selector finds, as the mouse makes it.
    void click(const std::string& selector) {
        const auto centre = centre_of(selector);
        mouse("mouseMoved", centre);
        mouse("mousePressed", centre);
        mouse("mouseReleased", centre);
    }

    // The two halves of a click, for what happens while the button is held.
    void press(const std::string& selector) {
        const auto centre = centre_of(selector);
        mouse("mouseMoved", centre);
        mouse("mousePressed", centre);
    }
    void release(const std::string& selector) { mouse("mouseReleased", centre_of(selector)); }

    // Chooses a file in the <input type=file> the selector finds, as the file dialog would.
    void choose_file(const std::string& selector, const std::filesystem::path& file) {
        const auto found = call("Runtime.evaluate",
                                {{"expression", "document.querySelector(" + nlohmann::json(selector).dump() + ")"}});
        const std::string object = found.at("result").at("objectId").get<std::string>();
        call("DOM.enable");
        call("DOM.setFileInputFiles", {{"files", {file.string()}}, {"objectId", object}});
    }

    // Downloads go to this folder (a save button's file lands there).
    void download_to(const std::filesystem::path& folder) {
        std::filesystem::create_directories(folder);
        call("Browser.setDownloadBehavior", {{"behavior", "allow"}, {"downloadPath", folder.string()}}, false);
    }

    // The tab as a PNG file.
    void screenshot(const std::filesystem::path& file) {
        const auto shot = call("Page.captureScreenshot", {{"format", "png"}});
        const std::string data = shot.at("data").get<std::string>();
        std::string png(boost::beast::detail::base64::decoded_size(data.size()), '\0');
        png.resize(boost::beast::detail::base64::decode(png.data(), data.data(), data.size()).first);
        std::ofstream(file, std::ios::binary) << png;
    }

private:
    nlohmann::json centre_of(const std::string& selector) {
        const auto centre =
            evaluate("(() => { const e = document.querySelector(" + nlohmann::json(selector).dump() +
                     "); if (!e) return null; e.scrollIntoView({block: 'center'});"
                     " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()");
        if (!centre.is_array()) throw std::runtime_error("nothing to click at " + selector);
        return centre;
    }

    void mouse(const std::string& type, const nlohmann::json& at) {
        call("Input.dispatchMouseEvent", {{"type", type},
                                          {"x", at[0]},
                                          {"y", at[1]},
                                          {"button", "left"},
                                          {"buttons", type == "mousePressed" ? 1 : 0},
                                          {"clickCount", 1}});
    }

    std::filesystem::path profile_;
    pid_t pid_ = -1;
    std::unique_ptr<WsClient> socket_;
    std::string session_;
    int next_id_ = 0;
};

}  // namespace tengen::testing
