#pragma once
// The table of notices' sentences, one per language (sentences.cpp).

#include <array>
#include <string_view>

#include "stratagem/notice_text/notice_text.h"

namespace stratagem::notice_text {

struct Sentences {
  std::string_view orders_due_title;        // {game} {phase}
  std::string_view orders_due;              // {phase} {powers} {deadline}
  std::string_view orders_due_open;         // {phase} {powers}: no deadline
  std::string_view move_due_title;          // {game}
  std::string_view move_due;                // {phase} {deadline}
  std::string_view move_due_open;           // {phase}
  std::string_view deadline_near_title;     // {game} {phase}
  std::string_view deadline_near;           // {phase} {deadline} {powers}
  std::string_view deadline_near_chat;      // {phase} {deadline}
  std::string_view waiting_for;             // {powers}
  std::string_view press_title;             // {game} {count}
  std::string_view press_title_one;         // {game}
  std::string_view press_line;              // {power} {text}
  std::string_view proposal_line;           // {power}
  std::string_view more_messages;           // {count}
  std::string_view started_title;           // {game}
  std::string_view started;
  std::string_view finished_title;          // {game}
  std::string_view won;                     // {powers}
  std::string_view drawn;                   // {powers}
  std::string_view finished;
  std::string_view civil_disorder_title;    // {game} {power}
  std::string_view civil_disorder;          // {power} {phase}
  std::string_view phase_result_title;      // {game} {phase}
  std::string_view next_phase;              // {phase} {deadline}
  std::string_view centres;                 // {centres}
  std::string_view move_number;             // {number}
  std::array<std::string_view, 2> sides;    // gold, scarlet
  std::array<std::string_view, 2> games;    // Diplomacy, Dragonchess: the web client's names
  std::string_view confirm_title;
  std::string_view confirm;                 // {address}
  std::string_view open_game;               // {url}
  std::string_view why_you_get_it;          // {url}
  std::string_view stop_mails;              // {url}
  std::string_view confirm_link;            // {url}
  std::string_view calendar_name;
  std::string_view calendar_summary;        // {game} {phase}
  std::string_view list_separator;
  std::string_view paused_title;            // {game}
  std::string_view paused;                  // {phase} {left}
  std::string_view resumed_title;           // {game}
  std::string_view resumed;                 // {phase} {deadline}
  std::string_view hours_minutes;           // {hours} {minutes}
  std::string_view minutes_only;            // {minutes}
};

const Sentences& sentences_in(Language language);

}  // namespace stratagem::notice_text
