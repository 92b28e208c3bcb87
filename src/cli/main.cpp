#include <iostream>

#include "cli.h"

int main(int argc, char** argv) { return axon::run_cli(argc, argv, std::cout, std::cerr); }
