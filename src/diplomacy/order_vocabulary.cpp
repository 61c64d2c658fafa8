#include "order_vocabulary.h"

#include <algorithm>
#include <array>

#include "order_text.h"

namespace stratagem::diplomacy {

namespace {

struct VocabularyEntry {
  std::string_view text;  // lower case
  OrderWord word{};
};

using W = OrderWord;

// English spellings of the CLI contract and seeds 000/003, then the verbs and unit words
// of seeds 000/003 (zh-Hant), 001 (zh-Hans) and 002 (ja).
constexpr VocabularyEntry kVocabulary[] = {
    {"a", W::Army}, {"army", W::Army}, {"f", W::Fleet}, {"fleet", W::Fleet},
    {"h", W::Hold}, {"hold", W::Hold}, {"holds", W::Hold}, {"stand", W::Hold}, {"stands", W::Hold},
    {"-", W::Move}, {"->", W::Move}, {"=>", W::Move}, {"m", W::Move}, {"move", W::Move},
    {"moves", W::Move}, {"s", W::Support}, {"support", W::Support}, {"supports", W::Support},
    {"c", W::Convoy}, {"convoy", W::Convoy}, {"convoys", W::Convoy}, {"r", W::Retreat},
    {"retreat", W::Retreat}, {"retreats", W::Retreat}, {"d", W::Disband}, {"disband", W::Disband},
    {"disbands", W::Disband}, {"b", W::Build}, {"build", W::Build}, {"builds", W::Build}, {"built", W::Build},
    {"remove", W::Remove}, {"removes", W::Remove}, {"waive", W::Waive}, {"waives", W::Waive},
    {"to", W::To}, {"via", W::Via}, {"by", W::By},
    {"nc", W::NorthCoast}, {"ncs", W::NorthCoast}, {"sc", W::SouthCoast}, {"scs", W::SouthCoast},
    {"ec", W::EastCoast}, {"ecs", W::EastCoast}, {"wc", W::WestCoast}, {"wcs", W::WestCoast},
    {"north", W::North}, {"south", W::South}, {"east", W::East}, {"west", W::West},
    {"coast", W::CoastNoun}, {"in", W::At}, {"at", W::At}, {"an", W::Article}, {"the", W::Article},
    // Whole sentences the page and the server write for a waived build.
    {"a build is waived", W::Waive}, {"waive a build", W::Waive}, {"放棄一次建造", W::Waive},
    {"放弃一次建造", W::Waive}, {"放棄建立", W::Waive}, {"放弃建立", W::Waive}, {"建設放棄", W::Waive},
    {"増設を1つ見送り", W::Waive}, {"見送り", W::Waive},
    // Unit types.
    {"陸軍", W::Army}, {"陆军", W::Army}, {"艦隊", W::Fleet}, {"舰队", W::Fleet},
    {"海軍", W::Fleet}, {"海军", W::Fleet},
    // Verbs.
    {"待機", W::Hold}, {"待机", W::Hold}, {"維持", W::Hold}, {"维持", W::Hold}, {"防守", W::Hold},
    {"留守", W::Hold}, {"駐守", W::Hold}, {"驻守", W::Hold}, {"守備", W::Hold},
    {"移動", W::Move}, {"移动", W::Move}, {"攻擊", W::Move}, {"攻击", W::Move}, {"攻撃", W::Move},
    {"進攻", W::Move}, {"进攻", W::Move}, {"移往", W::Move}, {"前往", W::Move}, {"進軍", W::Move},
    {"进军", W::Move}, {"支援", W::Support}, {"支持", W::Support}, {"サポート", W::Support},
    {"援護", W::Support}, {"運輸", W::Convoy}, {"运输", W::Convoy}, {"護航", W::Convoy},
    {"护航", W::Convoy}, {"輸送", W::Convoy}, {"输送", W::Convoy}, {"護送", W::Convoy},
    {"护送", W::Convoy}, {"運送", W::Convoy}, {"运送", W::Convoy}, {"撤退", W::Retreat},
    {"退却", W::Retreat}, {"退卻", W::Retreat}, {"解散", W::Disband}, {"復員", W::Disband},
    {"复员", W::Disband}, {"解体", W::Disband}, {"解體", W::Disband}, {"建造", W::Build},
    {"動員", W::Build}, {"动员", W::Build}, {"建設", W::Build}, {"建设", W::Build},
    {"増設", W::Build}, {"增设", W::Build}, {"生産", W::Build}, {"生产", W::Build},
    {"建立", W::Build}, {"移除", W::Remove}, {"放棄", W::Waive}, {"放弃", W::Waive},
    {"至", W::To}, {"到", W::To}, {"在", W::At},
    {"經由", W::Via}, {"经由", W::Via}, {"経由", W::Via}, {"通過", W::Via}, {"通过", W::Via},
    {"經護航", W::Via}, {"经护航", W::Via}, {"輸送で", W::Via}, {"護送で", W::Via},
    // Particles.
    {"の", W::Of}, {"的", W::Of}, {"が", W::Subject}, {"は", W::Subject}, {"、", W::Subject},
    {",", W::Subject}, {"へ", W::Toward}, {"に", W::Toward}, {"まで", W::Toward}, {"を", W::Object},
    {"する", W::Ending}, {"します", W::Ending}, {"せよ", W::Ending}, {"。", W::Ending},
    // Coasts, written after the province (西班牙南岸, スペイン 南岸).
    {"北岸", W::NorthCoast}, {"北海岸", W::NorthCoast}, {"南岸", W::SouthCoast},
    {"南海岸", W::SouthCoast}, {"東岸", W::EastCoast}, {"东岸", W::EastCoast},
    {"東海岸", W::EastCoast}, {"东海岸", W::EastCoast}, {"西岸", W::WestCoast},
    {"西海岸", W::WestCoast},
};

constexpr char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool starts_with_word(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (std::size_t k = 0; k < word.size(); ++k)
    if (lower(text[k]) != word[k]) return false;
  const bool ends_in_letter = is_ascii_alnum(word.back());
  return !ends_in_letter || text.size() == word.size() || !is_ascii_alnum(text[word.size()]);
}

// The vocabulary by first byte: the parser asks at nearly every position of every order,
// and only the few entries that begin with the text's first byte can match.
constexpr std::size_t kEntries = std::size(kVocabulary);
struct ByFirstByte {
  std::array<VocabularyEntry, kEntries> entries;
  std::array<std::uint16_t, 257> start;  // entries[start[b], start[b + 1]) begin with byte b
};

constexpr std::uint8_t first_byte(std::string_view text) { return static_cast<std::uint8_t>(text.front()); }

constexpr ByFirstByte by_first_byte() {
  ByFirstByte index{};
  std::copy(std::begin(kVocabulary), std::end(kVocabulary), index.entries.begin());
  // The texts are distinct: two entries that both match a text at its start match it
  // with different lengths, so their order among themselves does not matter.
  std::sort(index.entries.begin(), index.entries.end(),
            [](const VocabularyEntry& a, const VocabularyEntry& b) { return a.text < b.text; });
  std::size_t entry = 0;
  for (std::size_t byte = 0; byte <= 256; ++byte) {
    while (entry < kEntries && first_byte(index.entries[entry].text) < byte) ++entry;
    index.start[byte] = static_cast<std::uint16_t>(entry);
  }
  return index;
}

constexpr ByFirstByte kByFirstByte = by_first_byte();

}  // namespace

std::optional<OrderWordMatch> match_order_word(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const std::uint8_t byte = static_cast<std::uint8_t>(lower(text.front()));
  std::optional<OrderWordMatch> best;
  for (std::size_t i = kByFirstByte.start[byte]; i < kByFirstByte.start[byte + 1]; ++i) {
    const VocabularyEntry& entry = kByFirstByte.entries[i];
    if ((!best || entry.text.size() > best->length) && starts_with_word(text, entry.text))
      best = OrderWordMatch{entry.word, entry.text.size()};
  }
  return best;
}

Coast coast_of_word(OrderWord word) {
  switch (word) {
    case W::NorthCoast: case W::North: return Coast::North;
    case W::SouthCoast: case W::South: return Coast::South;
    case W::EastCoast: case W::East: return Coast::East;
    case W::WestCoast: case W::West: return Coast::West;
    default: return Coast::None;
  }
}

}  // namespace stratagem::diplomacy
