// `pbrain-tengen serve`: options, then the web server until Ctrl-C.
#include <algorithm>
#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "protocol/serve_server.h"
#include "protocol/subcommands.h"
#include "protocol/command_options.h"

namespace tengen {

namespace po = boost::program_options;

int serve_main(int argc, char** argv) {
    po::options_description desc(
        "pbrain-tengen serve: a board in the web browser, against Tengen or between two people,\n"
        "with the engine's analysis. Open the URL it prints.\n\nOptions");
    ServeOptions options;
    std::size_t hash_mb = 16;
    int max_depth = 0;
    // One option a line, as --help lists them.
    // clang-format off
    desc.add_options()
        ("help,h", "show this help")
        ("port", po::value(&options.port)->default_value(options.port), "the TCP port (0: any free port)")
        ("address", po::value(&options.address)->default_value(options.address),
         "the address to listen on; anything but a loopback address lets other machines play")
        ("boards", po::value(&options.max_boards)->default_value(options.max_boards), "boards open at once (1..64)")
        ("hash", po::value(&hash_mb)->default_value(hash_mb), "each board's hash table in MiB (1..1024)")
        ("threads", po::value(&options.board.threads)->default_value(options.board.threads), "search threads per board (1..64)")
        ("max-depth", po::value(&max_depth)->default_value(max_depth), "the deepest any search goes (0 = no limit)");
    // clang-format on
    po::variables_map vm;
    if (const auto done = parse_command_options(argc, argv, {"pbrain-tengen serve", desc}, vm)) return *done;
    auto fail = [](const std::string& why) {
        std::cerr << "pbrain-tengen serve: " << why << '\n';
        return 2;
    };
    if (options.max_boards < 1 || options.max_boards > 64) return fail("--boards must be from 1 to 64");
    if (hash_mb < 1 || hash_mb > 1024) return fail("--hash must be from 1 to 1024 MiB");
    if (options.board.threads < 1 || options.board.threads > 64) return fail("--threads must be from 1 to 64");
    if (max_depth < 0) return fail("--max-depth must be 0 or more");
    options.board.hash_bytes = hash_mb << 20;
    options.board.caps.max_depth = max_depth;
    options.max_connections = std::max(64, options.max_boards * 2);

    auto server = ServeServer::open(options);
    if (!server) return fail(server.error());
    const std::string host =
        options.address.find(':') != std::string::npos ? "[" + options.address + "]" : options.address;
    std::cout << "pbrain-tengen serve: the board is at http://" << host << ":" << (*server)->port() << "/" << std::endl;
    if (!(*server)->loopback())
        std::cout << "pbrain-tengen serve: listening on " << options.address
                  << ", which is not a loopback address: other machines can reach this board" << std::endl;
    std::cout << "pbrain-tengen serve: Ctrl-C stops it" << std::endl;
    (*server)->run();
    return 0;
}

}  // namespace tengen
