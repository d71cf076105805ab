// The compiled validator's `date` format must judge exactly as the interpreter's (both engines give one verdict).
import { format } from '@cfworker/json-schema'
import { describe, expect, it } from 'vitest'
import { isCalendarDate } from '../../src/openapi/compiled-schemas.js'

const pad = (value: number, width: number) => String(value).padStart(width, '0')

describe('isCalendarDate', () => {
  it("agrees with @cfworker/json-schema's date format on every day-and-month of leap, century and plain years", () => {
    const disagreements: string[] = []
    for (const year of [1900, 1999, 2000, 2020, 2021, 2100, 2400]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
          if (isCalendarDate(text) !== format.date!(text)) disagreements.push(text)
        }
      }
    }
    expect(disagreements).toEqual([])
    expect(isCalendarDate('2020-02-29')).toBe(true)
    expect(isCalendarDate('2021-02-29')).toBe(false)
  })

  it.each(['', '2020-1-01', '2020-01-1', '20200-01-01', '2020/01/01', '2020-01-01T00:00:00Z', '２０２０-01-01', 'abcd-ef-gh', '2020-01-01\n', ' 2020-01-01', '+020-01-01'])(
    'agrees on the malformed %j',
    (text) => {
      expect(isCalendarDate(text)).toBe(format.date!(text))
      expect(isCalendarDate(text)).toBe(false)
    },
  )
})
