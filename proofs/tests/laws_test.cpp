// The law library's CI set: every law is proved and every refutation refuted (ctest label
// `proof`). The expected answers are the laws' statements (proofs/laws/*.cpp).
#include <layoutref/proofs/laws.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace lp = layoutref::proofs;

class Laws : public ::testing::TestWithParam<lp::LawFamily> {};

// A deep family's open laws are expected `unknown` at 20 s; the CI set's laws take up to ~13 s
// alone and get 120 s, so that a loaded machine (ctest -j, a busy CI runner) does not turn a
// slow proof into `unknown`.
TEST_P(Laws, AnswerAsStated) {
  auto results = GetParam().run(GetParam().deep ? 20000 : 120000);
  ASSERT_FALSE(results.empty());
  for (auto const& r : results) {
    EXPECT_TRUE(r.ok()) << lp::name(r.answer.status) << " for " << r.family << ": " << r.law << " [" << r.bounds << "] " << r.answer.counterexample
                                           << r.answer.reason;
    std::string core;
    for (auto const& c : r.answer.core) core += (core.empty() ? "" : " ") + c;
    std::printf("%-16s %-8s %7.3f s  %s%s%s\n", r.family.c_str(), lp::name(r.answer.status), r.answer.seconds, r.law.c_str(),
                core.empty() ? "" : "\n                 core: ", core.c_str());
    if (r.answer.status == lp::Status::refuted) std::printf("                 counterexample: %s\n", r.answer.counterexample.c_str());
    std::fflush(stdout);
  }
}

namespace {
std::vector<lp::LawFamily> families(bool deep) {
  std::vector<lp::LawFamily> out;
  for (auto const& f : lp::law_families())
    if (f.deep == deep) out.push_back(f);
  return out;
}
std::string family_name(::testing::TestParamInfo<lp::LawFamily> const& info) { return info.param.name; }
}  // namespace

INSTANTIATE_TEST_SUITE_P(CI, Laws, ::testing::ValuesIn(families(false)), family_name);
// The deep set runs in its own ctest (label proof-deep, preset proofs-deep).
INSTANTIATE_TEST_SUITE_P(Deep, Laws, ::testing::ValuesIn(families(true)), family_name);
