-- Run inside `nvim --headless` on a Swift fixture, after the user's configuration started the
-- server: wait for the swiftui-migrate diagnostic, run vim.lsp.buf.code_action() on its line,
-- choose the quick fix (as a user picks it from the menu), wait for the edit, write the buffer.
local function fail(message)
  io.stderr:write("neovim-run-code-action: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local ok = vim.wait(30000, function()
  for _, diagnostic in ipairs(vim.diagnostic.get(0)) do
    if diagnostic.source == "swiftui-migrate" then return true end
  end
  return false
end, 20)
if not ok then return fail("no swiftui-migrate diagnostic within 30 s") end
local diagnostic = vim.diagnostic.get(0)[1]
vim.api.nvim_win_set_cursor(0, { diagnostic.lnum + 1, diagnostic.col })

local chosen
vim.ui.select = function(items, options, on_choice)
  for index, item in ipairs(items) do
    local title = options.format_item and options.format_item(item) or tostring(item)
    if title:find("^swiftui%-migrate: ") and not title:find("apply all") then
      chosen = title
      return on_choice(item, index)
    end
  end
  fail("no swiftui-migrate quick fix among " .. #items .. " actions")
end
local before = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
vim.lsp.buf.code_action()
ok = vim.wait(30000, function()
  return chosen ~= nil and table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n") ~= before
end, 20)
if not ok then return fail("the code action did not change the buffer") end
vim.cmd("write")
print("applied '" .. chosen .. "' from the diagnostic '" .. diagnostic.message:sub(1, 60) .. "…'")
vim.cmd("qall!")
